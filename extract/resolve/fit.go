package resolve

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
)

// Example is one training document: its candidates and, for every field
// its truth scores, which candidates give the true value.
type Example struct {
	// Name names the document in reports; Origin is its layout family.
	Name, Origin string
	Doc          *Doc
	// Right holds, per field scored in this document, whether a candidate
	// gives the field's true value; for a field whose truth is null it
	// returns false for every candidate. Fields not in the map are not
	// scored here.
	Right map[string]func(v *Value) bool
	// Null holds the fields scored here whose truth is null: the value is
	// not on the page.
	Null map[string]bool
	// ItemsScore counts the exact rows of a reading of the items by the
	// truth; nil when the truth gives no items.
	ItemsScore func([]Item) int
	// Weight is the document's weight in the fit (0 counts as 1): callers
	// give every layout family the same total weight, so that a family of
	// many documents does not drown the others.
	Weight float64
}

// FitOptions tune the fitting. The zero value gives the defaults.
type FitOptions struct {
	// L2 is the weight of the L2 penalty on the weights, applied to every
	// weight at every step (see shrinkIdle). The defaults are the best of
	// 0.1, 0.3, 1, 3 and 10 when fitted on the generated families and
	// scored on the shared corpus, layouts the fit never saw: 10 for the
	// logistic fit, 1 for the listwise one.
	L2 float64
	// Epochs of AdaGrad (default 40).
	Epochs int
	// Negatives is the number of wrong candidates kept per document and
	// field, drawn at random and weighted up (default 40).
	Negatives int
	// Listwise fits each field as a conditional logit over each
	// document's candidates and null (see listwise) instead of a logistic
	// regression over candidates one by one. Held out by origin it reads
	// more for the resolver alone and less for the resolver with the
	// rules' choices among its features, so each is fitted with its own
	// (see docs/decisions.md).
	Listwise bool
	// Seed makes the fit reproducible.
	Seed uint64
	// Note is written into Model.Fitted.
	Note string
	// Folds is the number of folds, by origin, of the cross-fitting that
	// gives the model of the pair of names candidates scored by models
	// that never saw their layout (default 3; 1 scores them with the
	// model fitted on all, as seen).
	Folds int
}

// withDefaults fills in the defaults of unset options.
func (opts FitOptions) withDefaults() FitOptions {
	if opts.L2 == 0 {
		opts.L2 = 10
		if opts.Listwise {
			opts.L2 = 1
		}
	}
	if opts.Epochs == 0 {
		opts.Epochs = 40
	}
	if opts.Negatives == 0 {
		opts.Negatives = 40
	}
	if opts.Folds == 0 {
		opts.Folds = 3
	}
	return opts
}

type row struct {
	f []fv
	y float64
	w float64 // weight
	// dw is the weight of the row's document (w without the up-weighting
	// of sampled negatives).
	dw float64
}

// Fit fits a model: one weighted logistic regression per field over its
// candidates (a conditional logit with FitOptions.Listwise); then each
// field's null threshold and calibration on the candidates as scored by
// models cross-fitted by origin (see FitOptions.Folds); on the candidates
// as the fit scores them, the bonus of totals that add up and of a
// party's fields in its name's block, and the choice between the readings
// of the items; and the model of the pair of names on the cross-fitted
// candidates too (scored as seen, the names' own utilities are near
// perfect and the pair model would learn nothing else). The same examples
// and options always give the same model.
func Fit(examples []Example, opts FitOptions) *Model {
	opts = opts.withDefaults()
	m, docs := fitFields(examples, opts)
	seen := seenOptions(examples, m)
	cross := crossOptions(examples, m, opts)
	for _, f := range Fields {
		opts := cross
		if unsignedFields[f.Name] {
			// On every value the field admits, those the resolver may
			// not choose (see Field.Chooses) too: a threshold fitted
			// only on the labelled amounts an adjustment is chosen among
			// would fall to nothing, and let the first label met in a
			// line of prose in.
			opts = make([]map[string][]option, len(examples))
			for i, ex := range examples {
				opts[i] = map[string][]option{f.Name: m.scored(ex.Doc, f, false)}
			}
		}
		m.Fields[f.Name].Threshold = fitThreshold(examples, opts, f)
	}
	for _, f := range Fields {
		fm := m.Fields[f.Name]
		fm.Calibration = fitCalibration(examples, cross, f, fm.Threshold)
	}
	m.ArithBonus = fitArithBonus(examples, seen, m)
	m.RateBonus = fitRateBonus(examples, seen, m)
	m.BlockBonus = fitBlockBonus(examples, seen, m)
	m.Pairs = FitPairs(examples, cross, m, opts)
	m.Items = fitItems(examples, seen, m, opts)
	m.Fitted = fmt.Sprintf("%d documents; L2 %g, %d epochs, %d negatives, %d folds, seed %d", docs, opts.L2, opts.Epochs, opts.Negatives, opts.Folds, opts.Seed)
	if opts.Note != "" {
		m.Fitted += "; " + opts.Note
	}
	return m
}

// seenOptions scores every example's candidates with m, which was fitted
// on them.
func seenOptions(examples []Example, m *Model) []map[string][]option {
	out := make([]map[string][]option, len(examples))
	for i, ex := range examples {
		out[i] = m.allOptions(ex.Doc)
	}
	return out
}

// crossOptions scores every example's candidates with a model of the
// fields fitted without the example's fold of origins, so that the second
// stage learns from scores as an unseen layout gets them (stacking). With
// one fold, or one origin, they are scored by m.
func crossOptions(examples []Example, m *Model, opts FitOptions) []map[string][]option {
	out := make([]map[string][]option, len(examples))
	var origins []string
	seen := map[string]bool{}
	for _, ex := range examples {
		if !seen[ex.Origin] {
			seen[ex.Origin] = true
			origins = append(origins, ex.Origin)
		}
	}
	sort.Strings(origins)
	folds := min(opts.Folds, len(origins))
	if folds < 2 {
		return seenOptions(examples, m)
	}
	fold := map[string]int{}
	for i, o := range origins {
		fold[o] = i % folds
	}
	for k := range folds {
		var train []Example
		for _, ex := range examples {
			if fold[ex.Origin] != k {
				train = append(train, ex)
			}
		}
		mk, _ := fitFields(train, opts)
		for i, ex := range examples {
			if fold[ex.Origin] == k {
				out[i] = mk.allOptions(ex.Doc)
			}
		}
	}
	return out
}

// fitFields fits each field's model over its candidates (see logistic
// and listwise), the two parties' fields of one kind together (see
// tiedRows); it returns the model, without its second stage, and the
// number of documents the most scored field was fitted on.
func fitFields(examples []Example, opts FitOptions) (*Model, int) {
	m := &Model{Fields: map[string]*FieldModel{}}
	docs := 0
	n := len(featureNames)
	for _, f := range Fields {
		if _, ok := m.Fields[f.Name]; ok {
			continue
		}
		rng := rand.New(rand.NewPCG(opts.Seed, uint64(len(f.Name))*7919+uint64(f.Type)))
		// A field of the vendor and the same field of the buyer are
		// fitted together, and so are the adjustments of the total (see
		// tiedRows); any other field alone.
		roles := tiedFields(f)
		var groups [][]row
		var rows []row
		for ri, rf := range roles {
			for _, ex := range examples {
				if _, ok := ex.Right[rf.Name]; !ok {
					continue
				}
				g := docRows(ex, rf, opts)
				if len(roles) > 1 {
					g = tiedRows(g, n, ri)
				}
				groups = append(groups, g)
				rows = append(rows, g...)
			}
		}
		docs = max(docs, len(groups)/len(roles))
		dim := n
		if len(roles) > 1 {
			dim = n * (1 + len(roles)) // the shared weights, then each role's
		}
		var w []float64
		if opts.Listwise {
			w = listwise(groups, dim, opts, rng)
		} else {
			w = logistic(rows, dim, opts, rng)
		}
		for ri, rf := range roles {
			fm := &FieldModel{Weights: map[string]float64{}, Threshold: 0.5}
			for i := range n {
				x := w[i]
				if len(roles) > 1 {
					x += w[n*(1+ri)+i]
				}
				if x != 0 {
					fm.Weights[featureNames[i]] = x
				}
			}
			fm.compile()
			m.Fields[rf.Name] = fm
		}
	}
	return m, docs
}

// tiedFields returns the fields fitted together with f, f first: the
// same field of the other party (buyer.name for vendor.name and back;
// fields only one party has, the vendor's IBAN and phone, have none), and
// the other adjustments of the total for a discount, a withholding or a
// stamp duty. An adjustment is printed on few documents, each kind on
// fewer still, and often on one layout family's alone: fitted apart, what
// any adjustment's value shares (a key of its own kind beside it, a sign,
// a line of its own under the totals) was learned anew for each from a
// handful of documents, and not at all for a kind whose documents were
// held out.
func tiedFields(f Field) []Field {
	if unsignedFields[f.Name] {
		out := []Field{f}
		for _, g := range Fields {
			if unsignedFields[g.Name] && g.Name != f.Name {
				out = append(out, g)
			}
		}
		return out
	}
	var name string
	switch {
	case strings.HasPrefix(f.Name, "vendor."):
		name = "buyer." + strings.TrimPrefix(f.Name, "vendor.")
	case strings.HasPrefix(f.Name, "buyer."):
		name = "vendor." + strings.TrimPrefix(f.Name, "buyer.")
	default:
		return []Field{f}
	}
	if other, ok := FieldByName(name); ok {
		return []Field{f, other}
	}
	return []Field{f}
}

// tiedRows gives each feature of a tied field's rows (see tiedFields) a
// second copy of its own for the role (its index among the tied fields):
// the tied fields are fitted together, each weight the sum of one shared
// by all and one of the role, all under the same L2 penalty. What a
// feature says about any party's value (a street's label, a name's legal
// form) is learned from both roles' documents, the role's weight keeping
// only where they differ (a heading that names the buyer); fitted apart,
// a feature seen seldom for one role got a weight of its own from a few
// documents.
func tiedRows(g []row, n, role int) []row {
	out := make([]row, len(g))
	for i, r := range g {
		f := make([]fv, 0, 2*len(r.f))
		f = append(f, r.f...)
		for _, x := range r.f {
			f = append(f, fv{x.id + int32(n*(1+role)), x.x})
		}
		r.f = f
		out[i] = r
	}
	return out
}

// docRows returns the rows one document gives a field's fit: every
// candidate that gives the truth, and at most opts.Negatives of the others,
// drawn at random and weighted up. They are drawn by the document's own
// random stream, so that which are kept does not depend on the other
// documents of the fit: a fit without one layout family (held out) keeps
// the same rows of every other document.
func docRows(ex Example, f Field, opts FitOptions) []row {
	right := ex.Right[f.Name]
	dw := ex.Weight
	if dw == 0 {
		dw = 1
	}
	var pos, neg []row
	for i := range ex.Doc.Values {
		v := &ex.Doc.Values[i]
		if !f.Admits(v) {
			continue
		}
		if right(v) {
			pos = append(pos, row{f: v.features(f.Name), y: 1, w: dw, dw: dw})
		} else {
			neg = append(neg, row{f: v.features(f.Name), y: 0, w: dw, dw: dw})
		}
	}
	if len(neg) > opts.Negatives {
		rng := rand.New(rand.NewPCG(opts.Seed^nameHash(ex.Name), nameHash(f.Name)))
		rng.Shuffle(len(neg), func(i, j int) { neg[i], neg[j] = neg[j], neg[i] })
		w := float64(len(neg)) / float64(opts.Negatives)
		neg = neg[:opts.Negatives]
		for i := range neg {
			neg[i].w *= w
		}
	}
	return append(pos, neg...)
}

// logistic fits weights by AdaGrad on the weighted log loss with an L2
// penalty.
func logistic(rows []row, n int, opts FitOptions, rng *rand.Rand) []float64 {
	if len(rows) == 0 {
		w := make([]float64, n)
		w[fid("bias")] = -5
		return w
	}
	return logisticN(rows, n, opts, rng)
}

// logisticN fits n weights.
func logisticN(rows []row, n int, opts FitOptions, rng *rand.Rand) []float64 {
	w := make([]float64, n)
	g2 := make([]float64, n)
	if len(rows) == 0 {
		return w
	}
	const eta = 0.5
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	reg := opts.L2 / float64(len(rows))
	// The weights returned are the average of those at the end of each
	// epoch of the second half (Polyak–Ruppert averaging): the last
	// iterate moves with the order the rows were visited in, which any
	// change of the training set reshuffles; their average much less.
	avg := make([]float64, n)
	averaged := 0
	active := make([]int, n)
	for epoch := range opts.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		clear(active)
		for _, i := range order {
			r := &rows[i]
			z := 0.0
			for _, f := range r.f {
				z += w[f.id] * float64(f.x)
			}
			g := (sigmoid(z) - r.y) * r.w
			for _, f := range r.f {
				gi := g*float64(f.x) + reg*w[f.id]
				g2[f.id] += gi * gi
				w[f.id] -= eta * gi / (math.Sqrt(g2[f.id]) + 1e-8)
				active[f.id]++
			}
		}
		shrinkIdle(w, g2, active, len(order), eta, reg)
		if epoch >= opts.Epochs/2 {
			for i, x := range w {
				avg[i] += x
			}
			averaged++
		}
	}
	if averaged == 0 {
		return w
	}
	for i := range avg {
		avg[i] /= float64(averaged)
	}
	return avg
}

// shrinkIdle applies to each weight the L2 penalty of the steps of an
// epoch its feature was not active in (steps less active[i]), which the
// steps themselves leave out (they touch the active features only): a
// proximal step at the weight's own AdaGrad rate. Without it a feature
// seen in a few documents is barely penalized, and a weight fitted to one
// layout family's quirk stays as large as one fitted to many.
func shrinkIdle(w, g2 []float64, active []int, steps int, eta, reg float64) {
	for i, x := range w {
		if missed := steps - active[i]; missed > 0 && x != 0 {
			w[i] = x / (1 + eta/(math.Sqrt(g2[i])+1e-8)*reg*float64(missed))
		}
	}
}

// nameHash is the FNV-1a hash of s: a document's or a field's own random
// stream.
func nameHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// fitCalibration fits the map from a reported value's probability to its
// confidence (see FieldModel.Calibration): a logistic regression of
// whether the value is right on the logit of its probability, over the
// documents whose best candidate, scored by a model cross-fitted without
// the document's origins, reaches the threshold. A value reported where
// the truth is null counts as wrong. Fewer than 20 such documents, or a
// fit that does not rise with the probability, give none.
func fitCalibration(examples []Example, cross []map[string][]option, f Field, threshold float64) *[2]float64 {
	type obs struct{ z, y, w float64 }
	var rows []obs
	for _, b := range bestOptions(examples, cross, f) {
		if !b.has || b.p < threshold {
			continue
		}
		y := 0.0
		if !b.nullTrue && b.right {
			y = 1
		}
		rows = append(rows, obs{logit(b.p), y, b.w})
	}
	if len(rows) < 20 {
		return nil
	}
	// Newton's method on the weighted log loss, with a small pull toward
	// the identity (a = 1, b = 0), each step halved until the loss falls.
	const pull = 1.0
	loss := func(a, b float64) float64 {
		l := pull / 2 * ((a-1)*(a-1) + b*b)
		for _, r := range rows {
			z := a*r.z + b
			// log(1 + e^z) − y·z, computed without overflow.
			l += r.w * (math.Max(z, 0) + math.Log1p(math.Exp(-math.Abs(z))) - r.y*z)
		}
		return l
	}
	a, b := 1.0, 0.0
	cur := loss(a, b)
	for range 100 {
		ga, gb := pull*(a-1), pull*b
		haa, hab, hbb := pull, 0.0, pull
		for _, r := range rows {
			p := sigmoid(a*r.z + b)
			e := r.w * (p - r.y)
			h := r.w * p * (1 - p)
			ga += e * r.z
			gb += e
			haa += h * r.z * r.z
			hab += h * r.z
			hbb += h
		}
		det := haa*hbb - hab*hab
		if det <= 1e-12 {
			break
		}
		da := (hbb*ga - hab*gb) / det
		db := (haa*gb - hab*ga) / det
		step := 1.0
		for ; step > 1e-6; step /= 2 {
			if l := loss(a-step*da, b-step*db); l < cur {
				a, b, cur = a-step*da, b-step*db, l
				break
			}
		}
		if step <= 1e-6 || math.Abs(step*da)+math.Abs(step*db) < 1e-9 {
			break
		}
	}
	if !(a > 0) || math.IsNaN(b) {
		return nil
	}
	return &[2]float64{math.Round(a*1e4) / 1e4, math.Round(b*1e4) / 1e4}
}

// bestOption is a training document's best option for a field: its probability
// (0 when the field has no candidate), whether it gives the truth, whether
// the truth is null, and the document's weight.
type bestOption struct {
	has, right, nullTrue bool
	p, w                 float64
}

// bestOptions returns the best option of f in every example that scores f,
// from the options of each example given.
func bestOptions(examples []Example, opts []map[string][]option, f Field) []bestOption {
	var out []bestOption
	for i, ex := range examples {
		right, ok := ex.Right[f.Name]
		if !ok {
			continue
		}
		b := bestOption{nullTrue: ex.Null[f.Name], w: ex.Weight}
		if b.w == 0 {
			b.w = 1
		}
		if os := opts[i][f.Name]; len(os) > 0 {
			b.has, b.p, b.right = true, os[0].prob, right(os[0].v)
		}
		out = append(out, b)
	}
	return out
}

// fitThreshold chooses the probability under which a field stays null: the
// one that does best on the examples when a right value counts +1, a wrong
// value −1 (a wrong value is worse than none) and null 0, or +1 where the
// truth is null. Fit passes the candidates as scored by models
// cross-fitted without each document's origin: the fit's own scores of
// the documents it learned put their right values near 1, and a threshold
// chosen on them nulls the lower-scored right values of an unseen layout.
func fitThreshold(examples []Example, cross []map[string][]option, f Field) float64 {
	ds := bestOptions(examples, cross, f)
	best, bestT := math.Inf(-1), 0.5
	for t := 0.05; t < 0.96; t += 0.05 {
		score := 0.0
		for _, d := range ds {
			switch {
			case d.p >= t && d.right:
				score += d.w
			case d.p >= t:
				score -= d.w
			case d.nullTrue:
				score += d.w
			}
		}
		if score > best {
			best, bestT = score, t
		}
	}
	return math.Round(bestT*100) / 100
}

// fitArithBonus chooses the bonus of totals that add up: the one that gets
// the most of the three totals right on the examples.
func fitArithBonus(examples []Example, cross []map[string][]option, m *Model) float64 {
	names := []string{"financials.subtotal", "financials.tax_amount", "financials.total"}
	return fitBonus(examples, cross, m, names, []float64{0, 0.5, 1, 2, 3, 4, 6, 8}, func(b float64) { m.ArithBonus = b })
}

// fitRateBonus chooses the bonus of a tax that is the rate of its
// subtotal: the one that gets the most of the totals and the rate right
// on the examples.
func fitRateBonus(examples []Example, cross []map[string][]option, m *Model) float64 {
	names := []string{"financials.subtotal", "financials.tax_amount", "financials.total", "financials.tax_rate"}
	return fitBonus(examples, cross, m, names, []float64{0, 0.5, 1, 2, 3, 4}, func(b float64) { m.RateBonus = b })
}

// fitBlockBonus chooses the bonus of a party's fields in the block of its
// name: the one that gets the most of them right on the examples.
func fitBlockBonus(examples []Example, cross []map[string][]option, m *Model) float64 {
	var names []string
	for _, f := range partyFields {
		names = append(names, "vendor."+f, "buyer."+f)
	}
	return fitBonus(examples, cross, m, names, []float64{0, 0.5, 1, 2, 3, 4}, func(b float64) { m.BlockBonus = b })
}

// fitBonus returns the one of bonuses (in increasing order) that, set on
// m by set, gets the most of the named fields right (or rightly null) on
// the examples, less those it gets wrong, as the thresholds are fitted.
// Of bonuses that score the same, the largest: the examples are scored as
// the fit learned them, their fields mostly right whatever the bonus, and
// a constraint that holds on every invoice (sums that add up, a party's
// fields in one block) is what an unseen layout's weaker scores need.
// Taking the smallest, the fits without one layout family each set the
// bonus of totals that add up anywhere from 0 to 4, by the noise of the
// examples, and one took the net amount the rules called the total over
// the gross printed under it.
func fitBonus(examples []Example, cross []map[string][]option, m *Model, names []string, bonuses []float64, set func(float64)) float64 {
	scores := make([]float64, len(bonuses))
	for i, ex := range examples {
		opts := cross[i]
		for bi, b := range bonuses {
			set(b)
			ch := m.resolve(ex.Doc, opts)
			for _, n := range names {
				right, ok := ex.Right[n]
				if !ok {
					continue
				}
				c := ch[n]
				switch w := max(ex.Weight, 1e-9); {
				case c.Value != nil && right(c.Value) || c.Value == nil && ex.Null[n]:
					scores[bi] += w
				case c.Value != nil:
					scores[bi] -= w // a wrong value is worse than none
				}
			}
		}
	}
	best := 0
	for i := range bonuses {
		if scores[i] >= scores[best] {
			best = i
		}
	}
	return bonuses[best]
}

// Weights lists a field's weights, largest magnitude first, for people
// reading a model.
func (m *Model) Weights(field string, n int) []string {
	fm := m.Fields[field]
	if fm == nil {
		return nil
	}
	type kv struct {
		k string
		v float64
	}
	var kvs []kv
	for k, v := range fm.Weights {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return math.Abs(kvs[i].v) > math.Abs(kvs[j].v) })
	var out []string
	for _, x := range kvs[:min(n, len(kvs))] {
		out = append(out, fmt.Sprintf("%s %+.2f", x.k, x.v))
	}
	return out
}

// FitItems fits the choice between the two readings of the items on the
// documents where one reading gets more rows exactly right than the other.
func FitItems(examples []Example, m *Model, opts FitOptions) *ItemsModel {
	return fitItems(examples, seenOptions(examples, m), m, opts)
}

// fitItems is FitItems with each example's options as cross gives them:
// the subtotal and total the amounts should add up to are those chosen
// from them.
func fitItems(examples []Example, cross []map[string][]option, m *Model, opts FitOptions) *ItemsModel {
	opts = opts.withDefaults()
	idx := map[string]int{}
	for i, n := range itemFeatures {
		idx[n] = i
	}
	var rows []row
	for ei, ex := range examples {
		if ex.ItemsScore == nil {
			continue
		}
		t := ReadItems(ex.Doc)
		if len(t.Items) == 0 {
			continue
		}
		sNew, sOld := ex.ItemsScore(Merge(t, ex.Doc.RuleItems)), ex.ItemsScore(ex.Doc.RuleItems)
		if sNew == sOld {
			continue
		}
		x := itemChoiceFeatures(ex.Doc.RuleItems, t, printedSums(m.resolve(ex.Doc, cross[ei])))
		var f []fv
		for k, v := range x {
			if i, ok := idx[k]; ok && v != 0 {
				f = append(f, fv{int32(i), float32(v)})
			}
		}
		sort.Slice(f, func(i, j int) bool { return f[i].id < f[j].id })
		w := ex.Weight
		if w == 0 {
			w = 1
		}
		y := 0.0
		if sNew > sOld {
			y = 1
		}
		rows = append(rows, row{f: f, y: y, w: w})
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x17e5))
	w := logisticN(rows, len(itemFeatures), opts, rng)
	im := &ItemsModel{Weights: map[string]float64{}}
	for i, x := range w {
		if x != 0 {
			im.Weights[itemFeatures[i]] = x
		}
	}
	return im
}

// listwise fits a field's weights on its documents' rows (one group per
// document, see docRows): by AdaGrad, with an L2 penalty, on the log loss
// of each document's choice (a conditional logit), the candidates that
// give the truth against all of the document's other candidates and
// against null, whose score is fixed at 0. A pointwise loss asks of each
// candidate alone whether it is a value, on a scale shared by every
// document; this one asks what sets the right candidate apart from the
// others of its own document, which is the choice the resolver makes. A
// document whose truth is null, or has no candidate, teaches that null
// beats them all. With null's score at 0, a candidate's σ(score) is its
// odds against null alone: the probability the rest of the resolver reads.
// Sampled negatives count with their weight up (docRows) in the sum over
// the document's candidates. The weights returned are averaged over the
// second half's epochs, as in logisticN.
func listwise(groups [][]row, n int, opts FitOptions, rng *rand.Rand) []float64 {
	w := make([]float64, n)
	if len(groups) == 0 {
		w[fid("bias")] = -5
		return w
	}
	g2 := make([]float64, n)
	avg := make([]float64, n)
	const eta = 0.5
	order := make([]int, len(groups))
	for i := range order {
		order[i] = i
	}
	reg := opts.L2 / float64(len(groups))
	averaged := 0
	var ez []float64
	grad := map[int32]float64{}
	active := make([]int, n)
	for epoch := range opts.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		clear(active)
		for _, gi := range order {
			g := groups[gi]
			// The scores, shifted by the largest (null's 0 included) so
			// that their exponentials stay finite.
			ez = ez[:0]
			top := 0.0
			for _, r := range g {
				z := 0.0
				for _, f := range r.f {
					z += w[f.id] * float64(f.x)
				}
				ez = append(ez, z)
				top = math.Max(top, z)
			}
			all, right := math.Exp(-top), 0.0
			for i, r := range g {
				ez[i] = math.Exp(ez[i] - top)
				all += ez[i] * r.w / r.dw
				if r.y > 0 {
					right += ez[i]
				}
			}
			clear(grad)
			for i, r := range g {
				// ∂loss/∂score: the candidate's share of all, less its
				// share of the right ones.
				k := ez[i] * r.w / r.dw / all
				if r.y > 0 {
					k -= ez[i] / right
				}
				for _, f := range r.f {
					grad[f.id] += k * r.dw * float64(f.x)
				}
			}
			for id, gv := range grad {
				gv += reg * w[id]
				g2[id] += gv * gv
				w[id] -= eta * gv / (math.Sqrt(g2[id]) + 1e-8)
				active[id]++
			}
		}
		shrinkIdle(w, g2, active, len(order), eta, reg)
		if epoch >= opts.Epochs/2 {
			for i, x := range w {
				avg[i] += x
			}
			averaged++
		}
	}
	for i := range avg {
		avg[i] /= float64(averaged)
	}
	return avg
}
