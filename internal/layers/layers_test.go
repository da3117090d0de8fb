package layers

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCatchesAForbiddenImport shows the check failing on purpose: an
// engine package that reaches the service through another package, a
// binary that links testing, an API that links the PDF reader, and a
// worker that writes its own SQL.
func TestCheckCatchesAForbiddenImport(t *testing.T) {
	g := Graph{
		Module + "/extract/resolve":  {"fmt", Module + "/extract/layout", Module + "/internal/eval"},
		Module + "/extract/layout":   {"fmt"},
		Module + "/cmd/invex":        {Module + "/extract", "testing"},
		Module + "/internal/eval":    {"testing"}, // test tooling may use testing
		Module + "/internal/httpapi": {Module + "/extract/layout", Module + "/internal/submit", Module + "/extract/pdf"},
	}
	errs := Check(g, Graph{Module + "/internal/jobs": {"context", "database/sql"}}, Rules)
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	if len(errs) != 4 ||
		!strings.HasPrefix(got[0], Module+"/cmd/invex depends on testing") ||
		!strings.HasPrefix(got[1], Module+"/extract/resolve depends on "+Module+"/internal/eval") ||
		!strings.HasPrefix(got[2], Module+"/internal/httpapi depends on "+Module+"/extract/pdf") ||
		!strings.HasPrefix(got[3], Module+"/internal/jobs depends on database/sql") {
		t.Errorf("Check found %q, want the binary's testing, the engine's internal/eval, the API's PDF reader and the worker's SQL", got)
	}
	clean := Graph{Module + "/extract/resolve": {"fmt", Module + "/extract/layout"}, Module + "/cmd/invex": {Module + "/extract"}}
	if errs := Check(clean, Graph{}, Rules); len(errs) != 0 {
		t.Errorf("Check found %v in a graph that keeps the layers", errs)
	}
}

// TestLayers checks the module's own packages against Rules, as built by
// default and with -tags devtools (the developer commands); the rules on
// what the invex binary links hold for the default build only, the one
// users get.
func TestLayers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("the go command is needed to list the packages: %v", err)
	}
	for _, tags := range []string{"", "devtools"} {
		g, imports := listGraph(t, goTool, tags)
		rules := Rules
		if tags != "" {
			rules = nil
			for _, r := range Rules {
				if !matchAny(Module+"/cmd/invex", r.From) {
					rules = append(rules, r)
				}
			}
		}
		for _, err := range Check(g, imports, rules) {
			t.Errorf("-tags %q: %v", tags, err)
		}
	}
}

// listGraph lists the module's packages built with tags: every dependency
// of each, and its direct imports.
func listGraph(t *testing.T, goTool, tags string) (deps, imports Graph) {
	t.Helper()
	out, err := exec.Command(goTool, "list", "-tags", tags, "-f",
		`{{.ImportPath}}|{{join .Imports " "}}|{{join .Deps " "}}`, Module+"/...").Output()
	if err != nil {
		t.Fatalf("go list -tags %q: %v", tags, err)
	}
	deps, imports = Graph{}, Graph{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "|")
		if len(f) != 3 {
			t.Fatalf("go list printed %q", sc.Text())
		}
		imports[f[0]] = strings.Fields(f[1])
		deps[f[0]] = strings.Fields(f[2])
	}
	if len(deps) < 20 {
		t.Fatalf("listed %d packages; the module has more", len(deps))
	}
	return deps, imports
}

// TestSQLOnlyInStore reads every non-test Go file of the module outside
// the store: none holds an SQL
// statement. Reading and writing the database is the store's, and River's
// tables are River's (its client and driver API).
func TestSQLOnlyInStore(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Skipf("module root not found: %v", err)
	}
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case ".git", "internal/store", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		errs, err := SQLIn(rel, src)
		if err != nil {
			return err
		}
		for _, e := range errs {
			t.Error(e)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files; the module has more", files)
	}
}

// TestSQLInCatchesStatements shows the SQL check failing on purpose.
func TestSQLInCatchesStatements(t *testing.T) {
	src := []byte("package p\n\nfunc f() {\n\tdb.Exec(`DELETE FROM river_job WHERE id = $1`, 1)\n\tq(\"select id from jobs where status = 'processing'\")\n\tlog(\"update the jobs, then select\")\n}\n")
	errs, err := SQLIn("p.go", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 2 || !strings.Contains(errs[0].Error(), "p.go:4") || !strings.Contains(errs[1].Error(), "p.go:5") {
		t.Errorf("SQLIn found %v, want the DELETE on line 4 and the SELECT on line 5 (not the prose on line 6)", errs)
	}
}
