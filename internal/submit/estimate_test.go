package submit

import (
	"testing"

	"github.com/invex/invex/internal/store"
)

func TestEstimateFormula(t *testing.T) {
	t.Parallel()
	tests := []struct {
		st      store.QueueStats
		workers int
		want    int
	}{
		{store.QueueStats{}, 2, 2}, // no history: the default of 2 s
		{store.QueueStats{Open: 0, RecentAvgMS: 15, RecentSample: 50}, 2, 1},
		{store.QueueStats{Open: 4, RecentAvgMS: 500, RecentSample: 50}, 2, 2},
		{store.QueueStats{Open: 40, RecentAvgMS: 1200, RecentSample: 50}, 2, 26},
		{store.QueueStats{Open: 3, RecentAvgMS: 1000, RecentSample: 1}, 0, 4},
	}
	for _, tt := range tests {
		if got := estimate(tt.st, tt.workers); got != tt.want {
			t.Errorf("estimate(%+v, %d) = %d, want %d", tt.st, tt.workers, got, tt.want)
		}
	}
}

func TestExtractArgsQueue(t *testing.T) {
	t.Parallel()
	if o := (ExtractArgs{JobID: "x"}).InsertOpts(); o.Queue != QueueExtract || o.MaxAttempts != QueueMaxAttempts {
		t.Errorf("digital entry: queue %q, max attempts %d", o.Queue, o.MaxAttempts)
	}
	if o := (ExtractArgs{JobID: "x", OCR: true, Attempts: 1}).InsertOpts(); o.Queue != QueueOCR || o.MaxAttempts != QueueMaxAttempts-1 {
		t.Errorf("entry moved to OCR after one attempt: queue %q, max attempts %d", o.Queue, o.MaxAttempts)
	}
	if o := (ExtractArgs{JobID: "x", OCR: true, Attempts: QueueMaxAttempts + 2}).InsertOpts(); o.MaxAttempts != 1 {
		t.Errorf("max attempts %d, want at least 1", o.MaxAttempts)
	}
}
