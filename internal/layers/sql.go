package layers

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"
)

// sqlStatement matches a string literal that begins an SQL statement.
var sqlStatement = regexp.MustCompile(`(?is)^\s*(select\s.+\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|create\s+(table|index|unique|database)\s|drop\s+(table|index|database)\s|alter\s+table\s|with\s+\w+\s+as\s*\()`)

// SQLIn returns one error per string literal of the Go source src (a file
// named name) that holds an SQL statement: outside the store, SQL is a
// layering error (the store is the only place with SQL).
func SQLIn(name string, src []byte) ([]error, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", name, err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err == nil && sqlStatement.MatchString(s) {
			out = append(out, fmt.Sprintf("%s: SQL outside the store: %.60q", fset.Position(lit.Pos()), s))
		}
		return true
	})
	sort.Strings(out)
	errs := make([]error, len(out))
	for i, s := range out {
		errs[i] = fmt.Errorf("%s", s)
	}
	return errs, nil
}
