// Command genfixtures regenerates the committed PDF fixtures that need tools
// beyond Go: invoices printed by headless Chromium (CID TrueType fonts with
// ligatures, Type 3 fonts), by LibreOffice (TrueType subsets, WinAnsi), by
// Ghostscript (Type 1 fonts with a /Differences encoding and no ToUnicode),
// and Factur-X invoices assembled from the project's own CII XML with qpdf.
//
// Run it from the module root after changing a source under src/:
//
//	go run ./internal/testpdf/genfixtures
//
// It needs chromium, soffice (LibreOffice), ps2pdf (Ghostscript) and qpdf,
// from Debian's packages chromium, libreoffice-writer-nogui, ghostscript,
// fonts-urw-base35, fonts-liberation2 and qpdf. Chromium must find Liberation
// Sans and Serif 2.x (fonts-liberation2): the older fonts-liberation 1.07 has
// other glyph widths, and the German and English pages come out laid out
// differently. Where only fonts-liberation is installed, point a fontconfig
// file at the extracted fonts-liberation2 package for this one run
// (FONTCONFIG_FILE=… go run ./internal/testpdf/genfixtures).
//
// It rewrites every output; restore those of unchanged sources with git
// checkout, since their bytes differ at least in the creation date.
//
// The tests read the committed outputs, so running the tests needs none of
// these.
package main

import (
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

const (
	src         = "internal/testpdf/genfixtures/src"
	producerDir = "extract/pdf/testdata/producers"
	facturxDir  = "extract/testdata/facturx"
)

func main() {
	log.SetFlags(0)
	for _, d := range []string{producerDir, facturxDir} {
		must(os.MkdirAll(d, 0o755))
	}
	tmp, err := os.MkdirTemp("", "genfixtures-")
	must(err)
	defer os.RemoveAll(tmp)

	for _, name := range []string{"it", "de", "fr", "en", "type3"} {
		chromium(filepath.Join(src, name+".html"), filepath.Join(producerDir, "chromium-"+name+".pdf"), tmp)
	}
	libreoffice(filepath.Join(src, "libreoffice-it.html"), filepath.Join(producerDir, "libreoffice-it.pdf"), tmp)
	run("ps2pdf", filepath.Join(src, "type1.ps"), filepath.Join(producerDir, "ghostscript-type1.pdf"))

	base := filepath.Join(producerDir, "chromium-de.pdf")
	attach(base, filepath.Join(src, "facturx-de.xml"), filepath.Join(facturxDir, "facturx-de.pdf"))
	attach(base, filepath.Join(src, "facturx-de-mismatch.xml"), filepath.Join(facturxDir, "facturx-de-mismatch.pdf"))
	log.Printf("fixtures written to %s and %s", producerDir, facturxDir)
}

func chromium(html, out, tmp string) {
	abs, err := filepath.Abs(html)
	must(err)
	run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(tmp, "chromium"), "--no-pdf-header-footer",
		"--print-to-pdf="+out, "file://"+abs)
}

func libreoffice(html, out, tmp string) {
	outDir := filepath.Join(tmp, "soffice")
	run("soffice", "--headless", "-env:UserInstallation=file://"+filepath.Join(tmp, "soffice-profile"),
		"--infilter=HTML (StarWriter)", "--convert-to", "pdf", "--outdir", outDir, html)
	base := filepath.Base(html)
	b, err := os.ReadFile(filepath.Join(outDir, base[:len(base)-len(filepath.Ext(base))]+".pdf"))
	must(err)
	must(os.WriteFile(out, b, 0o644))
}

// attach embeds xml as factur-x.xml, the way Factur-X and ZUGFeRD 2 name it.
func attach(pdf, xml, out string) {
	run("qpdf", pdf, "--add-attachment", xml, "--key=factur-x.xml", "--filename=factur-x.xml",
		"--mimetype=text/xml", "--description=Factur-X invoice", "--", out)
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s: %v", name, fmt.Errorf("run: %w", err))
	}
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
