package resolve

import (
	"math"
	"math/rand/v2"
)

// The vendor's and the buyer's names are chosen as a pair. Each name's own
// score says how much a candidate looks like a party's name; which party
// it is often shows only beside the other: the vendor's name is printed
// above the buyer's or left of it, larger, in the block with the VAT id
// and the contacts, while the buyer's stands in an address window under
// its heading. A linear model over features of the pair (the two names'
// utilities and how they stand to each other) scores every pair of the
// two fields' best options, null included, and the best pair is chosen.
// Its weights are fitted on the training documents, listwise: the pair
// with the most right names should take the probability.

// pairFeatures are the features of a pair of party names.
var pairFeatures = []string{
	"u.v", "u.b", "null.v", "null.b",
	"v.above", "v.left", "v.bigger", "v.smaller",
	"v.vat", "b.vat", "v.contact", "b.contact",
	"v.head.buyer", "b.head.buyer", "v.head.vendor", "b.head.vendor",
	"v.top", "b.top", "v.first", "b.first",
}

// pairIndex maps a pair feature's name to its index in pairFeatures.
var pairIndex = func() map[string]int {
	m := map[string]int{}
	for i, n := range pairFeatures {
		m[n] = i
	}
	return m
}()

// PairModel is the fitted model of the pair of party names.
type PairModel struct {
	Weights map[string]float64 `json:"weights"`
	w       []float64
}

func (pm *PairModel) compile() {
	pm.w = make([]float64, len(pairFeatures))
	for n, x := range pm.Weights {
		if i, ok := pairIndex[n]; ok {
			pm.w[i] = x
		}
	}
}

// pairX returns the features of the pair (a, b) of a document, where a is
// the vendor's option and b the buyer's (nil for null); ua and ub are
// their utilities.
func pairX(d *Doc, a, b *option, ua, ub float64) []float64 {
	x := make([]float64, len(pairFeatures))
	set := func(n string, v float64) {
		i, ok := pairIndex[n]
		if !ok {
			panic("resolve: unknown pair feature " + n)
		}
		x[i] = v
	}
	set("u.v", ua)
	set("u.b", ub)
	set("null.v", flag(a == nil))
	set("null.b", flag(b == nil))
	side := func(o *option, p string) {
		if o == nil || o.v.Line < 0 {
			return
		}
		blk := d.blockOfValue(o.v)
		if blk != nil {
			set(p+".vat", flag(blk.has[TVAT] > 0))
			set(p+".contact", flag(blk.has[TEmail]+blk.has[TPhone] > 0))
		}
		set(p+".head.buyer", o.v.featureValue(fid("B:buyer")))
		set(p+".head.vendor", o.v.featureValue(fid("B:vendor")))
		set(p+".top", o.v.featureValue(fid("name.top")))
		set(p+".first", flag(d.Pages[o.v.Page].First))
	}
	side(a, "v")
	side(b, "b")
	if a != nil && b != nil && a.v.Line >= 0 && b.v.Line >= 0 {
		va, vb := a.v, b.v
		h := d.Pages[va.Page].S.Height
		set("v.above", flag(va.Page < vb.Page || va.Page == vb.Page && va.Box.Y1 <= vb.Box.Y0+h/2))
		set("v.left", flag(va.Page == vb.Page && va.Box.X1 <= vb.Box.X0))
		fa, fb := d.fontSize(va), d.fontSize(vb)
		set("v.bigger", flag(fa > fb+0.5))
		set("v.smaller", flag(fa < fb-0.5))
	}
	return x
}

// featureValue returns the value of one of the value's own features, or 0.
func (v *Value) featureValue(id int32) float64 {
	for _, f := range v.feats {
		if f.id == id {
			return float64(f.x)
		}
	}
	return 0
}

// blockOfValue returns the block a value stands in, or nil.
func (d *Doc) blockOfValue(v *Value) *block {
	if v.block == 0 {
		return nil
	}
	return &d.blks[v.block-1]
}

// pairOptions returns the candidate pairs of a document: every option of
// the vendor's name and of the buyer's (null included) that differ.
func pairOptions(opts map[string][]option) (as, bs []*option) {
	as = append([]*option{nil}, ptrs(opts["vendor.name"])...)
	bs = append([]*option{nil}, ptrs(opts["buyer.name"])...)
	return as, bs
}

// partyNames chooses the two names together: with the pair model, the
// pair it scores best; without, the pair of the best utilities that
// differ.
func (m *Model) partyNames(d *Doc, opts map[string][]option, th func(string) float64, pick func(string, *option)) {
	if m.Pairs == nil || d == nil {
		joint2(opts, th, pick, "vendor.name", "buyer.name", func(a, b *option) bool { return a.key != b.key })
		return
	}
	as, bs := pairOptions(opts)
	best, ba, bb := math.Inf(-1), (*option)(nil), (*option)(nil)
	for _, a := range as {
		for _, b := range bs {
			if a != nil && b != nil && a.key == b.key {
				continue
			}
			s := m.Pairs.score(d, a, b, th)
			if s > best {
				best, ba, bb = s, a, b
			}
		}
	}
	pick("vendor.name", ba)
	pick("buyer.name", bb)
}

// score is a pair's score.
func (pm *PairModel) score(d *Doc, a, b *option, th func(string) float64) float64 {
	ua, ub := 0.0, 0.0
	if a != nil {
		ua = utility(a.prob, th("vendor.name"))
	}
	if b != nil {
		ub = utility(b.prob, th("buyer.name"))
	}
	s := 0.0
	for i, x := range pairX(d, a, b, ua, ub) {
		s += pm.w[i] * x
	}
	return s
}

// FitPairs fits the pair model on the examples that score both names,
// with their candidates scored as cross gives them and the thresholds of
// m.
func FitPairs(examples []Example, cross []map[string][]option, m *Model, opts FitOptions) *PairModel {
	opts = opts.withDefaults()
	th := func(name string) float64 {
		if fm := m.Fields[name]; fm != nil {
			return fm.Threshold
		}
		return 0.5
	}
	type cand struct {
		x     []float64
		right int
	}
	type doc struct {
		cs []cand
		w  float64
	}
	var docs []doc
	for ei, ex := range examples {
		rv, okV := ex.Right["vendor.name"]
		rb, okB := ex.Right["buyer.name"]
		if !okV || !okB {
			continue
		}
		all := cross[ei]
		as, bs := pairOptions(all)
		score := func(o *option, right func(*Value) bool, null bool) int {
			if o == nil {
				if null {
					return 1
				}
				return 0
			}
			if right(o.v) {
				return 1
			}
			return 0
		}
		var dc doc
		dc.w = ex.Weight
		if dc.w == 0 {
			dc.w = 1
		}
		for _, a := range as {
			for _, b := range bs {
				if a != nil && b != nil && a.key == b.key {
					continue
				}
				ua, ub := 0.0, 0.0
				if a != nil {
					ua = utility(a.prob, th("vendor.name"))
				}
				if b != nil {
					ub = utility(b.prob, th("buyer.name"))
				}
				dc.cs = append(dc.cs, cand{pairX(ex.Doc, a, b, ua, ub), score(a, rv, ex.Null["vendor.name"]) + score(b, rb, ex.Null["buyer.name"])})
			}
		}
		docs = append(docs, dc)
	}
	n := len(pairFeatures)
	w := make([]float64, n)
	// Start from the sum of the utilities: the choice without the model.
	w[0], w[1] = 1, 1
	g2 := make([]float64, n)
	rng := rand.New(rand.NewPCG(opts.Seed, 0x9a125))
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	reg := opts.L2 / float64(max(1, len(docs)))
	const eta = 0.1
	for range opts.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, di := range order {
			dc := docs[di]
			best := 0
			for _, c := range dc.cs {
				best = max(best, c.right)
			}
			s := make([]float64, len(dc.cs))
			top := math.Inf(-1)
			for k, c := range dc.cs {
				for i, x := range c.x {
					s[k] += w[i] * x
				}
				top = math.Max(top, s[k])
			}
			norm, rightSum := 0.0, 0.0
			for k, c := range dc.cs {
				e := math.Exp(s[k] - top)
				norm += e
				if c.right == best {
					rightSum += e
				}
			}
			grad := make([]float64, n)
			for k, c := range dc.cs {
				e := math.Exp(s[k] - top)
				g := e / norm
				if c.right == best {
					g -= e / rightSum
				}
				for i, x := range c.x {
					grad[i] += dc.w * g * x
				}
			}
			for i := range w {
				gi := grad[i] + reg*(w[i]-prior(i))
				g2[i] += gi * gi
				w[i] -= eta * gi / (math.Sqrt(g2[i]) + 1e-8)
			}
		}
	}
	pm := &PairModel{Weights: map[string]float64{}}
	for i, f := range pairFeatures {
		if w[i] != 0 {
			pm.Weights[f] = math.Round(w[i]*1e4) / 1e4
		}
	}
	pm.compile()
	return pm
}

// prior is the weight the L2 penalty of the pair model pulls feature i
// towards: 1 for the two utilities, 0 for the others.
func prior(i int) float64 {
	if i < 2 {
		return 1
	}
	return 0
}
