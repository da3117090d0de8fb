package client_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/invex/invex/client"
)

// Submit an invoice and wait for its data.
func Example() {
	ctx := context.Background()
	c := client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))

	acc, err := c.SubmitFile(ctx, "testdata/invoice.pdf", client.SubmitOptions{Locale: "it"})
	if err != nil {
		log.Fatal(err)
	}
	job, err := c.Wait(ctx, acc.JobID, client.WaitOptions{}) // at most 120 s
	if err != nil {
		log.Fatal(err)
	}
	if job.Status == client.StatusFailed {
		log.Fatalf("extraction failed: %s (%s)", job.Error, job.ErrorCode)
	}
	r := job.Result
	fmt.Println(job.Status)
	fmt.Println(*r.Vendor.Name, *r.Vendor.VATNumber)
	fmt.Println(*r.Invoice.Number, *r.Invoice.Date)
	fmt.Println(*r.Financials.Total, *r.Financials.Currency)
	// Output:
	// completed
	// Rossi Forniture S.r.l. IT01234567897
	// 2026/0042 2026-03-15
	// 1220 EUR
}

// Page through the account's jobs, newest first.
func ExampleClient_AllJobs() {
	ctx := context.Background()
	c := client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))
	if _, err := c.SubmitFile(ctx, "testdata/invoice.pdf", client.SubmitOptions{FileName: "fattura-marzo.pdf"}); err != nil {
		log.Fatal(err)
	}
	for j, err := range c.AllJobs(ctx, client.ListOptions{Limit: 50}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(j.FileName, j.Locale) // the newest job comes first
		break
	}
	// Output:
	// fattura-marzo.pdf it
}

// Download the PDF a job was submitted with.
func ExampleClient_Document() {
	ctx := context.Background()
	c := client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))
	in, err := os.ReadFile("testdata/invoice.pdf")
	if err != nil {
		log.Fatal(err)
	}
	// A different document each time: the account's cache keeps no copy of
	// a document it answers from.
	in = append(in, []byte("\n% copy "+time.Now().String())...)
	acc, err := c.Submit(ctx, bytes.NewReader(in), client.SubmitOptions{FileName: "copia.pdf"})
	if err != nil {
		log.Fatal(err)
	}
	doc, err := c.Document(ctx, acc.JobID)
	if err != nil {
		log.Fatal(err)
	}
	defer doc.Body.Close()
	out, err := io.ReadAll(doc.Body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(doc.FileName, doc.ContentType, bytes.Equal(in, out))
	// Output:
	// copia.pdf application/pdf true
}

// Delete a job: its document and its result.
func ExampleClient_Delete() {
	ctx := context.Background()
	c := client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))
	acc, err := c.SubmitFile(ctx, "testdata/invoice.pdf", client.SubmitOptions{})
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Delete(ctx, acc.JobID); err != nil {
		log.Fatal(err)
	}
	_, err = c.Job(ctx, acc.JobID)
	fmt.Println(client.ErrorCode(err))
	// Output:
	// job_not_found
}

// Read the month's quota.
func ExampleClient_Usage() {
	c := client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))
	u, err := c.Usage(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.Quota, u.Used+u.Remaining == u.Quota, u.Month == time.Now().UTC().Format("2006-01"))
	// Output:
	// 1000 true true
}

// Tell a spent quota from other errors.
func ExampleAPIError() {
	c := client.New(os.Getenv("INVEX_URL"), "inv_not_a_real_key")
	_, err := c.Usage(context.Background())
	var ae *client.APIError
	if errors.As(err, &ae) {
		fmt.Println(ae.StatusCode, ae.Code)
	}
	// Output:
	// 401 unauthorized
}

// Receive webhooks: verify the signature on the raw body before trusting
// it, then dedupe on webhook-id (retries of one event share it).
func ExampleVerifyWebhook() {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" // as shown when the endpoint was configured

	events := make(chan string, 1)
	receiver := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		if err := client.VerifyWebhook(secret, r.Header, body); err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		ev, err := client.ParseWebhookEvent(body)
		if err != nil {
			http.Error(w, "bad event", http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		events <- ev.Type + " " + string(ev.Data.Status) + " " + *ev.Data.Result.Invoice.Number
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: receiver}
	go srv.Serve(ln)
	defer srv.Close()

	// What the server sends when a job completes.
	body := []byte(`{"type":"job.completed","timestamp":"2026-03-15T09:30:02.000Z","data":{"job_id":"0b9c6a3e-2f59-4c4e-9d43-2a1f8f8e0c11","status":"completed","queued_at":"2026-03-15T09:30:00.123Z","result":{"invoice":{"number":"2026/0042"}}}}`)
	signer, _ := client.NewWebhook(secret)
	now := time.Now()
	send := func(signature string) int {
		req, _ := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String(), bytes.NewReader(body))
		req.Header.Set("webhook-id", "job.completed:0b9c6a3e-2f59-4c4e-9d43-2a1f8f8e0c11")
		req.Header.Set("webhook-timestamp", fmt.Sprint(now.Unix()))
		req.Header.Set("webhook-signature", signature)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	fmt.Println(send(signer.Sign("job.completed:0b9c6a3e-2f59-4c4e-9d43-2a1f8f8e0c11", now, body)))
	fmt.Println(<-events)
	fmt.Println(send(signer.Sign("another-message-id", now, body))) // a replayed signature
	// Output:
	// 204
	// job.completed completed 2026/0042
	// 401
}
