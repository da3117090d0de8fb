package resolve

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// Field is one field the resolver decides: its path in the result and the
// type of value it takes.
type Field struct {
	Name string
	Type Type
}

// Admits reports whether v can be the field's value: a value of its type,
// and for an adjustment of the total (a discount, a stamp duty, a
// withholding) one that is not zero; a zero printed under such a label
// says there is none, and the field is null. An amount per unit
// ("0,15 €/kWh") is a price, no sum of the document. A value only the
// rules give is a candidate of the fields they chose it for alone.
func (f Field) Admits(v *Value) bool {
	if v.Type != f.Type || unsignedFields[f.Name] && v.Num == 0 || v.perUnit || v.placeKeyed {
		return false
	}
	if v.ruleOnly {
		// Printed nowhere the candidates look, such a value has nothing
		// but the rules' choice for it: it is no candidate of the other
		// fields of its type (a subtotal the rules computed is no stamp
		// duty).
		_, ok := v.rule[f.Name]
		return ok
	}
	return true
}

// Fields are the fields the resolver decides, in result order.
var Fields = []Field{
	{"invoice.number", TID},
	{"invoice.date", TDate},
	{"invoice.due_date", TDate},
	{"invoice.po_number", TID},
	{"financials.subtotal", TAmount},
	{"financials.tax_amount", TAmount},
	{"financials.total", TAmount},
	{"financials.tax_rate", TPercent},
	{"financials.discount", TAmount},
	{"financials.stamp_duty", TAmount},
	{"financials.withholding_tax", TAmount},
	{"vendor.vat_number", TVAT},
	{"buyer.vat_number", TVAT},
	{"vendor.iban", TIBAN},
	{"vendor.name", TName},
	{"buyer.name", TName},
	{"vendor.address", TStreet},
	{"buyer.address", TStreet},
	{"vendor.postal", TPostal},
	{"buyer.postal", TPostal},
	{"vendor.email", TEmail},
	{"buyer.email", TEmail},
	{"vendor.phone", TPhone},
	{"vendor.fiscal_code", TFiscal},
	{"buyer.fiscal_code", TFiscal},
	{"invoice.payment_method", TPayMethod},
	{"invoice.currency", TCurrency},
	{"invoice.type", TDocType},
	{"invoice.payment_terms", TTerms},
}

// FieldByName returns the field of a path.
func FieldByName(name string) (Field, bool) {
	for _, f := range Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Model holds the fitted weights of every field and the parameters of the
// joint choice.
type Model struct {
	// Fitted says how and on what the model was fitted.
	Fitted string                 `json:"fitted"`
	Fields map[string]*FieldModel `json:"fields"`
	// ArithBonus is the log-odds added to a choice of subtotal, tax and
	// total that adds up, fitted on the training documents.
	ArithBonus float64 `json:"arith_bonus"`
	// RateBonus is the log-odds added to a choice of subtotal, tax and
	// tax rate whose tax is the rate of the subtotal, fitted on the
	// training documents.
	RateBonus float64 `json:"rate_bonus"`
	// BlockBonus is the log-odds added to a party's address, postal line,
	// e-mail, phone and tax codes that stand in the block of the party's
	// chosen name, and taken from those in the other party's, fitted on
	// the training documents.
	BlockBonus float64 `json:"block_bonus"`
	// Items chooses between the two readings of the item table.
	Items *ItemsModel `json:"items,omitempty"`
	// Pairs chooses the vendor's and the buyer's names together (see
	// PairModel); nil chooses the pair of the best utilities that differ.
	Pairs *PairModel `json:"pairs,omitempty"`
}

// FieldModel is one field's logistic model over its candidates' features.
type FieldModel struct {
	// Weights by feature name; features not listed weigh 0.
	Weights map[string]float64 `json:"weights"`
	// Threshold is the probability below which the field stays null.
	Threshold float64 `json:"threshold"`
	// Calibration maps the probability of a reported value to the
	// confidence reported with it: σ(a·logit(p) + b) for [a, b], fitted on
	// the probabilities models that never saw a document's layout give it
	// (see Fit). Absent, the confidence is the probability.
	Calibration *[2]float64 `json:"calibration,omitempty"`
	w           []float64
}

// Confidence is the confidence reported with a value of probability p.
func (m *FieldModel) Confidence(p float64) float64 {
	if m == nil || m.Calibration == nil {
		return p
	}
	return sigmoid(m.Calibration[0]*logit(p) + m.Calibration[1])
}

// logit is the inverse of sigmoid, its argument kept off 0 and 1.
func logit(p float64) float64 {
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	return math.Log(p / (1 - p))
}

// compile turns the named weights into a dense vector.
func (m *FieldModel) compile() {
	m.w = make([]float64, len(featureNames))
	for n, x := range m.Weights {
		if i, ok := featureIndex[n]; ok {
			m.w[i] = x
		}
	}
}

// prob is the probability that a candidate is the value of the field: the
// same sum as over v.features(field), without building that list.
func (m *FieldModel) prob(v *Value, field string) float64 {
	z := 0.0
	own, other := ownFeatures[field], otherFeatures[field]
	found, keyed, keyedOwn := false, false, false
	for _, f := range v.feats {
		z += m.w[f.id] * float64(f.x)
		found = found || own[f.id]
		keyed, keyedOwn = v.keyMark(other[f.id], keyed, keyedOwn)
	}
	if found {
		z += m.w[idOwn]
	} else {
		z += m.w[idOwnNone]
	}
	if keyed && !keyedOwn {
		z += m.w[idOwnOther]
	}
	if c, ok := v.rule[field]; ok {
		z += m.w[idRule] + m.w[idRuleConf]*float64(float32(c))
	}
	return sigmoid(z)
}

// Indexes of the features a field adds to a value's own (set by init).
var idOwn, idOwnNone, idOwnOther, idRule, idRuleConf int32

func sigmoid(z float64) float64 {
	if z < -35 {
		return 0
	}
	return 1 / (1 + math.Exp(-z))
}

//go:embed weights.json
var defaultWeights []byte

// Default returns the model fitted on the shared corpus and the generated
// layout families, stored in the repository (weights.json).
func Default() (*Model, error) {
	return Parse(defaultWeights)
}

// DefaultDigest returns a short hex digest of the stored model's bytes: it
// changes whenever the weights are refitted.
func DefaultDigest() string {
	h := sha256.Sum256(defaultWeights)
	return hex.EncodeToString(h[:6])
}

// Parse reads a model written by Model.JSON.
func Parse(data []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("parse model: %w", err)
	}
	if m.Fields == nil {
		m.Fields = map[string]*FieldModel{}
	}
	for _, f := range m.Fields {
		f.compile()
	}
	if m.Pairs != nil {
		m.Pairs.compile()
	}
	return &m, nil
}

// JSON encodes the model, its weights sorted by name.
func (m *Model) JSON() ([]byte, error) {
	type fieldJSON struct {
		Threshold   float64     `json:"threshold"`
		Calibration *[2]float64 `json:"calibration,omitempty"`
		Weights     [][2]any    `json:"-"`
		W           orderedMap  `json:"weights"`
	}
	type itemsJSON struct {
		W orderedMap `json:"weights"`
	}
	out := struct {
		Fitted     string               `json:"fitted"`
		ArithBonus float64              `json:"arith_bonus"`
		RateBonus  float64              `json:"rate_bonus"`
		BlockBonus float64              `json:"block_bonus"`
		Items      *itemsJSON           `json:"items,omitempty"`
		Pairs      *itemsJSON           `json:"pairs,omitempty"`
		Fields     map[string]fieldJSON `json:"fields"`
	}{Fitted: m.Fitted, ArithBonus: m.ArithBonus, RateBonus: m.RateBonus, BlockBonus: m.BlockBonus, Fields: map[string]fieldJSON{}}
	if m.Items != nil {
		out.Items = &itemsJSON{W: orderedMap(m.Items.Weights)}
	}
	if m.Pairs != nil {
		out.Pairs = &itemsJSON{W: orderedMap(m.Pairs.Weights)}
	}
	for name, f := range m.Fields {
		out.Fields[name] = fieldJSON{Threshold: f.Threshold, Calibration: f.Calibration, W: orderedMap(f.Weights)}
	}
	return json.MarshalIndent(out, "", " ")
}

// orderedMap encodes weights sorted by name, rounded to 4 decimals, and
// leaves out zeros.
type orderedMap map[string]float64

func (o orderedMap) MarshalJSON() ([]byte, error) {
	keys := make([]string, 0, len(o))
	for k, v := range o {
		if math.Abs(v) >= 5e-5 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, '\n', ' ', ' ', ' ')
		b = append(b, kb...)
		b = append(b, ':')
		b = append(b, fmt.Sprintf("%.4f", o[k])...)
	}
	return append(b, '}'), nil
}

// Chooses reports whether the resolver may choose v for the field, which
// must admit it: nobody prints an adjustment of the total (a discount, a
// stamp duty, a withholding) without saying what it is, so an amount by
// no label of its kind is none unless the rules chose it. The fit still
// learns from every admitted value, so that a label's weight is learned
// against the amounts without one.
func (f Field) Chooses(v *Value) bool {
	if !unsignedFields[f.Name] || v.hasOwn(f.Name) {
		return true
	}
	_, ok := v.rule[f.Name]
	return ok
}
