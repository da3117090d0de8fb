// Command gencorpus writes generated invoices as an evaluation corpus: for
// each case a PDF and its truth file, in the case format of the shared
// corpus (<name>.pdf beside <name>.truth.json), with origin set to the
// case's layout family, so that `invex eval --holdout origin DIR` scores
// them family by family.
//
//	go run ./internal/testpdf/gencorpus -n 1000 -seed 1 -out /tmp/generated [-scanned] [-workers 2]
//
// Case i of a seed is of family i mod the number of families (48), so any
// 48 consecutive cases hold one of each. Chromium (and Ghostscript, for the
// families some of whose PDFs it rewrites) must be installed; .ci/run
// installs both. With -scanned every case also comes out as a scan
// (<name>-scan.pdf, kind "scanned", the same truth and origin). With -text
// it also writes each PDF's text layer, as the engine's PDF reader sees it,
// to <name>.txt: handy when looking at a miss.
package main

import (
	"context"
	"flag"
	"fmt"
	"image"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

func main() {
	pdf.ServeIfChild()
	log.SetFlags(0)
	out := flag.String("out", "", "`folder` to write the cases to (created if missing)")
	n := flag.Int("n", 48, "`number` of invoices")
	seed := flag.Uint64("seed", 1, "corpus `seed`: the same seed gives the same cases")
	first := flag.Int("first", 0, "`index` of the first case")
	scanned := flag.Bool("scanned", false, "also write a scanned copy of every case")
	text := flag.Bool("text", false, "also write each PDF's text layer to <name>.txt")
	workers := flag.Int("workers", runtime.NumCPU(), "`number` of cases written at once")
	flag.Parse()
	if *out == "" || *n < 1 || *workers < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*out, *seed, *first, *n, *workers, *scanned, *text); err != nil {
		log.Fatal(err)
	}
}

func run(out string, seed uint64, first, n, workers int, scanned, text bool) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	start := time.Now()
	browser, err := testpdf.StartBrowser()
	if err != nil {
		return err
	}
	defer browser.Close()
	var reader *pdf.Reader
	if scanned || text {
		if reader, err = pdf.Open(pdf.Config{Instances: workers}); err != nil {
			return err
		}
		defer reader.Close()
	}
	ctx := context.Background()
	jobs := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				if err := write(ctx, browser, reader, out, seed, i, scanned, text); err != nil {
					errs <- err
				}
			}
		})
	}
	for i := first; i < first+n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		return err
	}
	kinds := "digital"
	if scanned {
		kinds += " and scanned"
	}
	fmt.Printf("%d %s cases of %d families written to %s in %.1f s\n", n, kinds, min(n, len(testpdf.Families())), out, time.Since(start).Seconds())
	return nil
}

// write writes case i: its PDF, its truth, and with scanned its scan.
func write(ctx context.Context, b *testpdf.Browser, reader *pdf.Reader, out string, seed uint64, i int, scanned, text bool) error {
	c := testpdf.NewCase(seed, i)
	cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	data, err := c.PDF(cctx, b)
	if err != nil {
		return err
	}
	base := filepath.Join(out, c.Name)
	truth := c.Truth()
	if err := eval.WriteCase(base, data, truth); err != nil {
		return err
	}
	if text {
		doc, err := reader.Read(cctx, data)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := os.WriteFile(base+".txt", []byte(doc.Text()+"\n"), 0o644); err != nil {
			return err
		}
	}
	if !scanned {
		return nil
	}
	scan, err := scanOf(cctx, reader, data, seed<<20|uint64(i))
	if err != nil {
		return fmt.Errorf("scan %s: %w", c.Name, err)
	}
	truth.Kind = eval.KindScanned
	truth.Source += ", scanned"
	return eval.WriteCase(base+"-scan", scan, truth)
}

// scanOf renders every page at 300 dpi and makes a scanned copy of them.
func scanOf(ctx context.Context, reader *pdf.Reader, data []byte, seed uint64) ([]byte, error) {
	doc, err := reader.Read(ctx, data)
	if err != nil {
		return nil, err
	}
	var reqs []pdf.ImageRequest
	for _, p := range doc.Pages {
		reqs = append(reqs, pdf.ImageRequest{Page: p.Number})
	}
	imgs, err := reader.Images(ctx, data, reqs)
	if err != nil {
		return nil, err
	}
	pages := make([]*image.Gray, 0, len(imgs))
	for _, im := range imgs {
		g, err := im.Gray()
		if err != nil {
			return nil, err
		}
		pages = append(pages, g)
	}
	return testpdf.ScanCopy(pages, 300, doc.Pages[0].Width, doc.Pages[0].Height, seed)
}
