package dashboard

import (
	"net/http"
	"strconv"
	"time"

	"github.com/invex/invex/internal/store"
)

// usageContent is the content of the usage page.
type usageContent struct {
	Period            string
	Quota, Used, Left int
	Renews            string
	Chart             chart
}

// chart is a bar chart of submissions per day, drawn as SVG by the template.
type chart struct {
	Width, Height int
	Bars          []bar
	Max           int
	Days          []string // every day's label, for the table
}

// bar is one day of the chart.
type bar struct {
	Day        string
	Label      string // day of month
	Count      int
	X, Y, W, H float64
	LabelX     float64
	ShowLabel  bool
	CountY     float64
	ShowCount  bool
}

func (d *Dashboard) usagePage(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	ctx := r.Context()
	acct, err := d.st.AccountByID(ctx, s.user.AccountID)
	if err != nil {
		d.fail(w, r, "get account", err)
		return
	}
	now := d.st.Now()
	period := store.Period(now)
	used, err := d.st.QuotaUsed(ctx, acct.ID, period)
	if err != nil {
		d.fail(w, r, "get usage", err)
		return
	}
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	next := store.NextPeriod(now)
	daily, err := d.st.DailySubmissions(ctx, acct.ID, start, next)
	if err != nil {
		d.fail(w, r, "get daily usage", err)
		return
	}
	d.render(w, r, http.StatusOK, "usage", page{Title: "usage.title", Nav: "usage", Content: usageContent{
		Period: period, Quota: acct.MonthlyQuota, Used: used, Left: max(acct.MonthlyQuota-used, 0),
		Renews: next.Format("2006-01-02"), Chart: dailyChart(start, next, daily),
	}})
}

// dailyChart lays out one bar per day of the month [start, next).
func dailyChart(start, next time.Time, daily map[string]int) chart {
	c := chart{Width: 640, Height: 180}
	days := int(next.Sub(start).Hours()/24 + 0.5)
	for _, n := range daily {
		c.Max = max(c.Max, n)
	}
	top, bottom, left := 20.0, 20.0, 4.0
	plotH := float64(c.Height) - top - bottom
	slot := (float64(c.Width) - 2*left) / float64(days)
	for i := range days {
		day := start.AddDate(0, 0, i)
		key := day.Format("2006-01-02")
		n := daily[key]
		h := 0.0
		if c.Max > 0 {
			h = plotH * float64(n) / float64(c.Max)
		}
		if n > 0 && h < 2 {
			h = 2
		}
		x := left + float64(i)*slot
		c.Bars = append(c.Bars, bar{
			Day: key, Label: strconv.Itoa(day.Day()), Count: n,
			X: x + slot*0.15, W: slot * 0.7, Y: top + plotH - h, H: h,
			LabelX: x + slot/2, ShowLabel: i == 0 || (i+1)%5 == 0,
			CountY: top + plotH - h - 4, ShowCount: n > 0,
		})
	}
	return c
}
