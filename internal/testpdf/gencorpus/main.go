// Command gencorpus writes the generated test invoices of package testpdf as
// an evaluation corpus: for each seed a PDF and its truth file, in the case
// format of the shared corpus (<name>.pdf beside <name>.truth.json), so that
// `invex eval DIR` scores them.
//
//	go run ./internal/testpdf/gencorpus -out /tmp/generated [-n 40] [-first 0]
//
// With -text it also writes the text layer of each PDF, as the engine's PDF
// reader sees it, to <name>.txt: handy when looking at a miss.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

func main() {
	pdf.ServeIfChild()
	log.SetFlags(0)
	out := flag.String("out", "", "`folder` to write the cases to (created if missing)")
	n := flag.Int("n", 40, "`number` of invoices")
	first := flag.Uint64("first", 0, "first `seed`")
	text := flag.Bool("text", false, "also write each PDF's text layer to <name>.txt")
	flag.Parse()
	if *out == "" || *n < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	var reader *pdf.Reader
	if *text {
		var err error
		if reader, err = pdf.Open(pdf.Config{Instances: 1}); err != nil {
			log.Fatal(err)
		}
		defer reader.Close()
	}
	for i := range *n {
		s := testpdf.Generate(*first + uint64(i))
		base := filepath.Join(*out, s.Name())
		data := s.PDF()
		truth, err := json.MarshalIndent(s.Truth(), "", "  ")
		if err != nil {
			log.Fatal(err)
		}
		must(os.WriteFile(base+".pdf", data, 0o644))
		must(os.WriteFile(base+".truth.json", append(truth, '\n'), 0o644))
		if reader != nil {
			doc, err := reader.Read(context.Background(), data)
			if err != nil {
				log.Fatalf("%s: %v", s.Name(), err)
			}
			must(os.WriteFile(base+".txt", []byte(doc.Text()+"\n"), 0o644))
		}
	}
	fmt.Printf("%d cases written to %s\n", *n, *out)
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
