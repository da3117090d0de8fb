package sweep

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Expected outcome classes of the bad-input README's last column.
const (
	ExpectR422     = "R422"      // refused at upload
	ExpectR422Fail = "R422|FAIL" // refused at upload, or a failed job; never completed
	ExpectEnd      = "END"       // accepted and terminal
	ExpectComplete = "COMPLETE"  // accepted and completed
	ExpectRes      = "RES"       // completed, or failed with a resource-limit code
)

// Expectation is one row of the README's file table.
type Expectation struct {
	Class string   // one of the Expect constants
	Codes []string // error codes the row names, in backquotes
	Text  string   // the whole last column
}

// resourceCodes are the error codes of a resource limit.
var resourceCodes = []string{"decompressed_size_limit", "render_size_limit", "timeout", "page_limit", "memory_limit"}

var backquoted = regexp.MustCompile("`([a-z_]+)`")

// ReadExpectations reads the file table of the bad-input README: the rows
// "| file.pdf | source | what is wrong | correct service |".
func ReadExpectations(path string) (map[string]Expectation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read expectations: %w", err)
	}
	defer f.Close()
	out := map[string]Expectation{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := splitRow(line)
		if len(cells) < 4 || !strings.HasSuffix(cells[0], ".pdf") {
			continue
		}
		last := cells[len(cells)-1]
		e := Expectation{Text: last}
		norm := strings.ReplaceAll(last, `\|`, "|")
		for _, c := range []string{ExpectR422Fail, ExpectR422, ExpectEnd, ExpectComplete, ExpectRes} {
			if strings.HasPrefix(norm, c) {
				e.Class = c
				break
			}
		}
		for _, m := range backquoted.FindAllStringSubmatch(last, -1) {
			e.Codes = append(e.Codes, m[1])
		}
		out[cells[0]] = e
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read expectations: %w", err)
	}
	return out, nil
}

// splitRow splits a markdown table row on the '|' that are not escaped.
func splitRow(line string) []string {
	line = strings.Trim(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] == '\\' && i+1 < len(line) && line[i+1] == '|' {
			cur.WriteString(`\|`)
			i++
			continue
		}
		if line[i] == '|' {
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteByte(line[i])
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// Judge compares an outcome with an expectation and returns why they
// disagree, or "" when the outcome is acceptable.
func Judge(e Expectation, o Outcome) string {
	switch {
	case o.Err != "":
		return "no outcome: " + o.Err
	case o.Status == "stuck":
		return "job never reached a terminal state"
	case o.Status == "" && o.HTTP >= 500:
		return fmt.Sprintf("server error %d at upload", o.HTTP)
	}
	refused := o.Status == "" && o.HTTP >= 400
	switch e.Class {
	case ExpectR422:
		if !refused {
			return "accepted, want refused at upload (" + o.String() + ")"
		}
		if len(e.Codes) > 0 && !contains(e.Codes, o.Code) {
			return fmt.Sprintf("refused with %q, want %s", o.Code, strings.Join(e.Codes, " or "))
		}
	case ExpectR422Fail:
		if o.Status == "completed" {
			return "completed, want refused at upload or failed"
		}
		if o.Status == "failed" && len(e.Codes) > 0 && !contains(e.Codes, o.Code) {
			return fmt.Sprintf("failed with %q, want %s", o.Code, strings.Join(e.Codes, " or "))
		}
	case ExpectEnd, ExpectComplete, ExpectRes:
		if refused {
			return fmt.Sprintf("refused at upload (%d %s), want accepted", o.HTTP, o.Code)
		}
		if e.Class == ExpectComplete && o.Status != "completed" {
			return "failed, want completed"
		}
		if e.Class == ExpectRes && o.Status == "failed" && !contains(resourceCodes, o.Code) {
			return fmt.Sprintf("failed with %q, want completed or a resource-limit code", o.Code)
		}
		if e.Class != ExpectComplete && o.Status == "completed" && o.Values > 0 {
			return fmt.Sprintf("completed with values from a file that holds no invoice (%s)", strings.Join(o.Fields, ", "))
		}
		if o.Status == "failed" && contains(e.Codes, "pdf_encrypted") && o.Code == "pdf_encrypted" && strings.Contains(e.Text, "not report") {
			return "failed with pdf_encrypted, want opened with the empty password"
		}
	default:
		return "no expected outcome in the README"
	}
	if o.Status == "failed" && o.Code == "" {
		return "failed without an error code"
	}
	return ""
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
