package labels

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCorpusScan(t *testing.T) {
	files, _ := filepath.Glob("/tmp/lbl/*.txt")
	mode := os.Getenv("SCAN")
	for _, fn := range files {
		fh, _ := os.Open(fn)
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			w := strings.Fields(sc.Text())
			for _, h := range Find(w) {
				lbl := strings.Join(w[h.First:h.Last+1], " ")
				fuzzy := h.Score != round3(h.Score) || !strings.EqualFold(lbl, h.Label)
				switch mode {
				case "fuzzy":
					q := h.Score
					_ = q
					if Normalize(lbl) != Normalize(h.Label) && strings.ReplaceAll(Normalize(lbl), " ", "") != strings.ReplaceAll(Normalize(h.Label), " ", "") {
						fmt.Printf("%-28s %.2f %-30q <- %q\n", h.Kind, h.Score, h.Label, lbl)
					}
				case "all":
					fmt.Printf("%-28s %.2f %-30q <- %q\n", h.Kind, h.Score, h.Label, lbl)
				}
				_ = fuzzy
			}
		}
		fh.Close()
	}
}

func TestCorpusContext(t *testing.T) {
	files, _ := filepath.Glob("/tmp/lbl/*.txt")
	want := strings.Split(os.Getenv("LABELS"), "|")
	seen := map[string]int{}
	for _, fn := range files {
		fh, _ := os.Open(fn)
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			w := strings.Fields(sc.Text())
			for _, h := range Find(w) {
				for _, x := range want {
					if h.Label == x && seen[x] < 6 {
						seen[x]++
						fmt.Printf("%-12s %-22s %.2f | %s\n", x, h.Kind, h.Score, strings.Join(w, " "))
					}
				}
			}
		}
		fh.Close()
	}
}

func TestCorpusDoc(t *testing.T) {
	fh, err := os.Open(os.Getenv("DOC"))
	if err != nil {
		t.Skip()
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		hits := Find(w)
		if len(hits) == 0 {
			continue
		}
		var parts []string
		for _, h := range hits {
			if h.Score < 0.6 {
				continue
			}
			parts = append(parts, fmt.Sprintf("[%s %.2f: %s]", h.Kind, h.Score, strings.Join(w[h.First:h.Last+1], " ")))
		}
		if len(parts) > 0 {
			fmt.Printf("%-70.70s %s\n", strings.Join(w, " "), strings.Join(parts, " "))
		}
	}
}
