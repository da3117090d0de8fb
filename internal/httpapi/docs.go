package httpapi

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/http"
	"sort"
	"strconv"

	"github.com/danielgtaylor/huma/v2"
)

// The docs page is rendered on the server from the generated OpenAPI
// document: no scripts, no CDN, works offline.

type docsOperation struct {
	Method, Path, Summary, Description, ID string
	Auth                                   bool
	Params                                 []*huma.Param
	Bodies                                 []docsMedia
	Responses                              []docsResponse
}

type docsMedia struct {
	Type   string
	Schema string
}

type docsResponse struct {
	Status      string
	Description string
	Media       []docsMedia
}

type docsSchema struct {
	Name string
	JSON string
}

type docsPage struct {
	Title, Version, Description string
	Operations                  []docsOperation
	Schemas                     []docsSchema
	Errors                      []docsError
}

type docsError struct {
	Code, Title string
	Status      int
}

var docsStatuses = map[string]int{
	CodeUnauthorized: 401, CodeInvalidRequest: 400, CodeUnsupportedLocale: 422, CodeInvalidPDF: 422,
	CodeFileTooLarge: 413, CodeRequestTooLarge: 413, CodeRequestTimeout: 408, CodeQuotaExhausted: 429, CodeRateLimited: 429, CodeJobNotFound: 404,
	CodeNotFound: 404, CodeUnsupportedMediaType: 415, CodeUnavailable: 503, CodeInternal: 500,
	CodeWebhookNotFound: 404, CodeInvalidWebhookURL: 422, CodeWebhookSecretMissing: 422,
	CodeUnsupportedDocument: 422, CodeInvalidDocument: 422, CodeNotAnInvoice: 422, CodeUnsafeDocument: 422, CodeImageTooLarge: 422,
	CodeInvalidReview: 422, CodeJobNotCompleted: 409, CodeExampleNotFound: 404, CodeReviewConflict: 409,
}

func schemaText(s *huma.Schema) string {
	if s == nil {
		return ""
	}
	if s.Ref != "" {
		return s.Ref
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	return string(b)
}

func (s *Server) docsData() docsPage {
	oa := s.api.OpenAPI()
	page := docsPage{Title: oa.Info.Title, Version: oa.Info.Version, Description: oa.Info.Description}
	paths := make([]string, 0, len(oa.Paths))
	for p := range oa.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		item := oa.Paths[p]
		for _, mo := range []struct {
			m  string
			op *huma.Operation
		}{{"POST", item.Post}, {"GET", item.Get}, {"PUT", item.Put}, {"DELETE", item.Delete}} {
			if mo.op == nil {
				continue
			}
			d := docsOperation{Method: mo.m, Path: p, Summary: mo.op.Summary, Description: mo.op.Description,
				ID: mo.op.OperationID, Auth: len(mo.op.Security) > 0, Params: mo.op.Parameters}
			if rb := mo.op.RequestBody; rb != nil {
				for _, ct := range sortedKeys(rb.Content) {
					d.Bodies = append(d.Bodies, docsMedia{Type: ct, Schema: schemaText(rb.Content[ct].Schema)})
				}
			}
			for _, code := range sortedKeys(mo.op.Responses) {
				r := mo.op.Responses[code]
				dr := docsResponse{Status: code, Description: r.Description}
				for _, ct := range sortedKeys(r.Content) {
					dr.Media = append(dr.Media, docsMedia{Type: ct, Schema: schemaText(r.Content[ct].Schema)})
				}
				d.Responses = append(d.Responses, dr)
			}
			page.Operations = append(page.Operations, d)
		}
	}
	schemas := oa.Components.Schemas.Map()
	for _, name := range sortedKeys(schemas) {
		page.Schemas = append(page.Schemas, docsSchema{Name: name, JSON: schemaText(schemas[name])})
	}
	for _, code := range sortedKeys(titles) {
		page.Errors = append(page.Errors, docsError{Code: code, Title: titles[code], Status: docsStatuses[code]})
	}
	sort.Slice(page.Errors, func(i, j int) bool { return page.Errors[i].Status < page.Errors[j].Status })
	return page
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *Server) docs(w http.ResponseWriter, r *http.Request) {
	s.docsOnce.Do(func() {
		var buf bytes.Buffer
		if err := docsTemplate.Execute(&buf, s.docsData()); err != nil {
			s.log.Error("render docs", "err", err)
		}
		s.docsHTML = buf.Bytes()
	})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Header().Set("Content-Length", strconv.Itoa(len(s.docsHTML)))
	w.Write(s.docsHTML)
}

var docsTemplate = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — API reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}h3{margin-top:2rem}
code,pre{font:14px/1.4 ui-monospace,monospace}pre{background:#f4f4f4;padding:.75rem;overflow:auto;border-radius:4px}
.m{display:inline-block;min-width:4.5rem;font-weight:700;color:#fff;background:#1f5f9f;border-radius:3px;text-align:center;margin-right:.5rem}
.m.POST{background:#2d7a2d}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
nav a{margin-right:1rem}a{color:#0b4f8a}
</style></head><body><main>
<h1>{{.Title}}</h1><p>Version {{.Version}} · <a href="/v1/openapi.json">OpenAPI 3.1 document</a> (also <a href="/v1/openapi.yaml">YAML</a>)</p>
<p>{{.Description}}</p>
<nav aria-label="Contents"><a href="#operations">Operations</a><a href="#errors">Errors</a><a href="#schemas">Schemas</a></nav>
<h2 id="operations">Operations</h2>
{{range .Operations}}<section id="op-{{.ID}}"><h3><span class="m {{.Method}}">{{.Method}}</span><code>{{.Path}}</code></h3>
<p><strong>{{.Summary}}</strong></p><p>{{.Description}}</p>
{{if .Auth}}<p>Needs the header <code>X-API-Key</code>.</p>{{end}}
{{if .Params}}<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Description</th></tr>
{{range .Params}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Description}}</td></tr>{{end}}</table>{{end}}
{{range .Bodies}}<h4>Request body: <code>{{.Type}}</code></h4><pre>{{.Schema}}</pre>{{end}}
<h4>Responses</h4>{{range .Responses}}<p><strong>{{.Status}}</strong> {{.Description}}</p>{{range .Media}}<p><code>{{.Type}}</code>: <code>{{.Schema}}</code></p>{{end}}{{end}}
</section>{{end}}
<h2 id="errors">Errors</h2>
<p>Every error is an RFC 9457 <code>application/problem+json</code> document with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and a stable <code>code</code>:</p>
<table><tr><th>Code</th><th>Status</th><th>Meaning</th></tr>
{{range .Errors}}<tr id="error-{{.Code}}"><td><code>{{.Code}}</code></td><td>{{.Status}}</td><td>{{.Title}}</td></tr>{{end}}</table>
<p>A job that cannot be processed is not an HTTP error: polling it returns status <code>failed</code> with <code>error</code>, <code>error_code</code> and <code>attempt_count</code>.</p>
<h2 id="schemas">Schemas</h2>
{{range .Schemas}}<h3 id="schema-{{.Name}}">{{.Name}}</h3><pre>{{.JSON}}</pre>{{end}}
</main></body></html>
`))
