package ocr

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// rawWord is one word of Tesseract's TSV output, in picture pixels.
type rawWord struct {
	text           string
	x0, y0, x1, y1 float64
	conf           float64 // 0 to 100
	// line identifies Tesseract's text line: block, paragraph and line
	// numbers.
	line [3]int
}

func (w rawWord) height() float64 { return w.y1 - w.y0 }

// parseTSV reads the word rows (level 5) of Tesseract's TSV output:
// level, page_num, block_num, par_num, line_num, word_num, left, top,
// width, height, conf, text.
func parseTSV(out []byte) ([]rawWord, error) {
	var words []rawWord
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	header := true
	for sc.Scan() {
		line := sc.Text()
		if header {
			header = false
			if strings.HasPrefix(line, "level") {
				continue
			}
		}
		f := strings.Split(line, "\t")
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		text := strings.TrimSpace(strings.Join(f[11:], " "))
		if text == "" {
			continue
		}
		var n [8]int
		for i := range n {
			v, err := strconv.Atoi(f[2+i])
			if err != nil {
				return nil, fmt.Errorf("parse tesseract tsv: field %d of %q: %w", 3+i, line, err)
			}
			n[i] = v
		}
		conf, err := strconv.ParseFloat(f[10], 64)
		if err != nil {
			return nil, fmt.Errorf("parse tesseract tsv: confidence of %q: %w", line, err)
		}
		left, top, width, height := n[4], n[5], n[6], n[7]
		if width <= 0 || height <= 0 {
			continue
		}
		words = append(words, rawWord{
			text: text,
			x0:   float64(left), y0: float64(top), x1: float64(left + width), y1: float64(top + height),
			conf: conf,
			line: [3]int{n[0], n[1], n[2]},
		})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("parse tesseract tsv: %w", err)
	}
	return words, nil
}

// meanConfidence is the mean confidence of the words with a letter or
// digit, in [0, 1]; 0 when there is none.
func meanConfidence(words []rawWord) float64 {
	var sum float64
	n := 0
	for _, w := range words {
		if hasAlnum(w.text) {
			sum += w.conf
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n) / 100
}
