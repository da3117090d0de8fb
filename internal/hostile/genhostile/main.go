// Command genhostile writes the project's crafted hostile documents (package
// hostile) into testdata/hostile:
//
//	go run ./internal/hostile/genhostile [-out testdata/hostile]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/invex/invex/internal/hostile"
)

func main() {
	out := flag.String("out", hostile.Dir(), "output `directory`")
	flag.Parse()
	if err := hostile.Write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "genhostile:", err)
		os.Exit(1)
	}
}
