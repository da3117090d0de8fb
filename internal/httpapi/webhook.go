package httpapi

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/webhook"
)

const webhookDescription = "When a job ends, invex POSTs the event `job.completed` or `job.failed` (and, when a " +
	"person approves its result, `job.reviewed`) to the job's " +
	"`webhook_url` (given on submission) or else to the account's endpoint. The body is " +
	"`{\"type\": …, \"timestamp\": …, \"data\": <the job's record, as GET /v1/jobs/{id} returns it>}`, signed per " +
	"the Standard Webhooks specification: headers `webhook-id` (the same on every retry: deduplicate on it), " +
	"`webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of " +
	"\"{webhook-id}.{webhook-timestamp}.{body}\">`, keyed with the base64-decoded part of the account's `whsec_` " +
	"secret; during a secret rotation two signatures, space-separated). Only a 2xx answer counts as delivered; " +
	"redirects are not followed; each attempt has 10 seconds; failures are retried with exponential backoff for " +
	"more than a day; 410 Gone disables the endpoint. Receivers must be public addresses."

// registerWebhookRoutes adds the webhook endpoints.
func (s *Server) registerWebhookRoutes() {
	huma.Register(s.api, huma.Operation{
		OperationID: "put-webhook",
		Method:      http.MethodPut,
		Path:        "/v1/webhook",
		Summary:     "Set the account's webhook endpoint",
		Description: "Sets the URL that receives the account's job events and enables it again if a 410 had " +
			"disabled it. The first time, the answer carries the signing `secret`, shown in that response only " +
			"(rotate it with POST /v1/webhook/secret). " + webhookDescription,
		Tags:     []string{"Webhooks"},
		Security: security,
		Errors:   []int{400, 401, 422, 429, 503},
	}, s.putWebhook)
	huma.Register(s.api, huma.Operation{
		OperationID: "get-webhook",
		Method:      http.MethodGet,
		Path:        "/v1/webhook",
		Summary:     "Get the account's webhook endpoint",
		Description: "The secret is never shown here. `enabled` is false when a receiver answered 410 Gone.",
		Tags:        []string{"Webhooks"},
		Security:    security,
		Errors:      []int{401, 404, 429, 503},
	}, s.getWebhook)
	huma.Register(s.api, huma.Operation{
		OperationID:   "delete-webhook",
		Method:        http.MethodDelete,
		Path:          "/v1/webhook",
		Summary:       "Remove the account's webhook endpoint",
		Description:   "Events go only to per-job webhook URLs afterwards. The signing secret stays, for those.",
		Tags:          []string{"Webhooks"},
		DefaultStatus: http.StatusNoContent,
		Security:      security,
		Errors:        []int{401, 404, 429, 503},
	}, s.deleteWebhook)
	huma.Register(s.api, huma.Operation{
		OperationID: "rotate-webhook-secret",
		Method:      http.MethodPost,
		Path:        "/v1/webhook/secret",
		Summary:     "Create or rotate the webhook signing secret",
		Description: "Returns a new signing secret, shown in this response only. The previous secret keeps " +
			"signing beside the new one (two signatures in webhook-signature) until `previous_secret_expires_at`, " +
			"so receivers can switch without losing a message. An account without a secret gets its first one.",
		Tags:     []string{"Webhooks"},
		Security: security,
		Errors:   []int{401, 429, 503},
	}, s.rotateWebhookSecret)
	huma.Register(s.api, huma.Operation{
		OperationID: "list-job-deliveries",
		Method:      http.MethodGet,
		Path:        "/v1/jobs/{id}/deliveries",
		Summary:     "List a job's webhook deliveries and their attempts",
		Description: "Every event of the job sent to a webhook, with each attempt's time, answer status and " +
			"error. Empty when no webhook applied to the job. " + webhookDescription,
		Tags:     []string{"Webhooks"},
		Security: security,
		Errors:   []int{401, 404, 429, 503},
	}, s.listDeliveries)
	s.documentWebhooks()
}

// WebhookMessage is the body of every webhook delivery.
type WebhookMessage struct {
	Type      string    `json:"type" enum:"job.completed,job.failed,job.reviewed" doc:"The event: the job ended (job.completed, job.failed), or a person approved a revision of its result (job.reviewed)."`
	Timestamp Timestamp `json:"timestamp" doc:"When the job ended, or when the revision was approved."`
	Data      Record    `json:"data" doc:"The job's record, exactly as GET /v1/jobs/{id} returned it at the event."`
}

// documentWebhooks describes the events sent to receivers in the OpenAPI
// document's webhooks section, with their headers.
func (s *Server) documentWebhooks() {
	oa := s.api.OpenAPI()
	if oa.Webhooks == nil {
		oa.Webhooks = map[string]*huma.PathItem{}
	}
	msg := oa.Components.Schemas.Schema(reflect.TypeFor[WebhookMessage](), true, "WebhookMessage")
	str := func() *huma.Schema { return &huma.Schema{Type: huma.TypeString} }
	for ev, when := range map[string]string{
		webhook.EventJobCompleted: "A job completed: data carries its result.",
		webhook.EventJobFailed:    "A job failed: data carries error, error_code and attempt_count.",
		webhook.EventJobReviewed: "A person approved a revision of a job's result (the dashboard's review, or " +
			"PATCH /v1/jobs/{id}/result): data carries the reviewed result and its review object. Each revision " +
			"is its own event.",
	} {
		oa.Webhooks[ev] = &huma.PathItem{Post: &huma.Operation{
			OperationID: "webhook-" + strings.ReplaceAll(ev, ".", "-"),
			Summary:     ev,
			Description: when + " " + webhookDescription,
			Tags:        []string{"Webhooks"},
			Parameters: []*huma.Param{
				{Name: webhook.HeaderID, In: "header", Required: true, Schema: str(),
					Description: "Message id, the same on every retry of this event: deduplicate on it."},
				{Name: webhook.HeaderTimestamp, In: "header", Required: true, Schema: &huma.Schema{Type: huma.TypeInteger},
					Description: "Unix seconds of this attempt; reject messages more than 5 minutes off."},
				{Name: webhook.HeaderSignature, In: "header", Required: true, Schema: str(),
					Description: "Space-separated v1,<base64 HMAC-SHA256> signatures of {webhook-id}.{webhook-timestamp}.{body}; two during a secret rotation."},
			},
			RequestBody: &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{
				"application/json": {Schema: msg}}},
			Responses: map[string]*huma.Response{
				"200":     {Description: "Any 2xx answer acknowledges the event."},
				"410":     {Description: "Gone: delivery stops and the account's endpoint is disabled."},
				"default": {Description: "Anything else, redirects included, is retried with exponential backoff."},
			},
		}}
	}
}

// WebhookEndpoint is an account's webhook endpoint.
type WebhookEndpoint struct {
	URL                     string     `json:"url" format:"uri" doc:"Where the account's job events are sent."`
	Enabled                 bool       `json:"enabled" doc:"False after a receiver answered 410 Gone; PUT the URL again to enable it."`
	DisabledAt              *Timestamp `json:"disabled_at,omitempty" doc:"When the endpoint was disabled."`
	DisabledReason          string     `json:"disabled_reason,omitempty" doc:"Why the endpoint was disabled."`
	Secret                  string     `json:"secret,omitempty" pattern:"^whsec_" doc:"The signing secret, whsec_ and base64. Present only in the response that created it."`
	PreviousSecretExpiresAt *Timestamp `json:"previous_secret_expires_at,omitempty" doc:"During a secret rotation, when the previous secret stops signing."`
	CreatedAt               Timestamp  `json:"created_at" doc:"When the account's webhook settings were created."`
	UpdatedAt               Timestamp  `json:"updated_at" doc:"When they last changed."`
}

func newWebhookEndpoint(e store.WebhookEndpoint, now time.Time) WebhookEndpoint {
	out := WebhookEndpoint{URL: e.URL, Enabled: e.Active(), DisabledAt: timestamp(e.DisabledAt),
		DisabledReason: e.DisabledReason, CreatedAt: Timestamp(e.CreatedAt), UpdatedAt: Timestamp(e.UpdatedAt)}
	if e.PreviousUntil != nil && e.PreviousUntil.After(now) {
		out.PreviousSecretExpiresAt = timestamp(e.PreviousUntil)
	}
	return out
}

type putWebhookInput struct {
	Body struct {
		URL string `json:"url" maxLength:"2048" doc:"An absolute http or https URL at a public address."`
	}
}

type webhookOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         WebhookEndpoint
}

func webhookNotFound() *Problem {
	return problem(http.StatusNotFound, CodeWebhookNotFound, "the account has no webhook endpoint")
}

func (s *Server) putWebhook(ctx context.Context, in *putWebhookInput) (*webhookOutput, error) {
	p := principalFrom(ctx)
	e, created, _, err := webhook.SetEndpoint(ctx, s.store, p.AccountID, in.Body.URL, s.cfg.Webhooks.AllowPrivate)
	var bad *webhook.BadURLError
	if errors.As(err, &bad) {
		return nil, problem(http.StatusUnprocessableEntity, CodeInvalidWebhookURL, bad.Msg)
	}
	if err != nil {
		s.logger(ctx).Error("put webhook endpoint", "err", err)
		return nil, unavailable()
	}
	out := newWebhookEndpoint(e, s.store.Now())
	if created {
		out.Secret = e.Secret
	}
	return &webhookOutput{CacheControl: "no-store", Body: out}, nil
}

func (s *Server) getWebhook(ctx context.Context, _ *struct{}) (*webhookOutput, error) {
	p := principalFrom(ctx)
	e, err := s.store.WebhookEndpoint(ctx, p.AccountID)
	if errors.Is(err, store.ErrNotFound) || err == nil && e.URL == "" {
		return nil, webhookNotFound()
	}
	if err != nil {
		s.logger(ctx).Error("get webhook endpoint", "err", err)
		return nil, unavailable()
	}
	return &webhookOutput{CacheControl: "no-store", Body: newWebhookEndpoint(e, s.store.Now())}, nil
}

func (s *Server) deleteWebhook(ctx context.Context, _ *struct{}) (*struct{}, error) {
	p := principalFrom(ctx)
	err := s.store.DeleteWebhookEndpoint(ctx, p.AccountID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, webhookNotFound()
	}
	if err != nil {
		s.logger(ctx).Error("delete webhook endpoint", "err", err)
		return nil, unavailable()
	}
	return nil, nil
}

// WebhookSecret is a new signing secret.
type WebhookSecret struct {
	Secret                  string     `json:"secret" pattern:"^whsec_" doc:"The new signing secret, whsec_ and base64. Shown only here."`
	PreviousSecretExpiresAt *Timestamp `json:"previous_secret_expires_at,omitempty" doc:"When the secret it replaces stops signing; absent for a first secret."`
}

type rotateOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         WebhookSecret
}

func (s *Server) rotateWebhookSecret(ctx context.Context, _ *struct{}) (*rotateOutput, error) {
	p := principalFrom(ctx)
	secret, err := webhook.NewSecret()
	if err != nil {
		s.logger(ctx).Error("new webhook secret", "err", err)
		return nil, problem(http.StatusInternalServerError, CodeInternal, "the server could not complete the request; it has been logged")
	}
	e, err := s.store.RotateWebhookSecret(ctx, p.AccountID, secret, s.cfg.Webhooks.WithDefaults().RotationOverlap)
	if err != nil {
		s.logger(ctx).Error("rotate webhook secret", "err", err)
		return nil, unavailable()
	}
	out := WebhookSecret{Secret: e.Secret}
	if e.PreviousSecret != "" {
		out.PreviousSecretExpiresAt = timestamp(e.PreviousUntil)
	}
	return &rotateOutput{CacheControl: "no-store", Body: out}, nil
}

// Delivery is one webhook event of a job and its attempts.
type Delivery struct {
	WebhookID     string            `json:"webhook_id" doc:"The webhook-id header of every attempt."`
	Event         string            `json:"event" pattern:"^job\\.(completed|failed|reviewed(#[0-9]+)?)$" doc:"The event: job.completed, job.failed, or job.reviewed for the first approved revision of a result and job.reviewed#n for revision n."`
	Target        string            `json:"target" enum:"account,job" doc:"Whether the URL is the account's endpoint or the job's webhook_url."`
	URL           string            `json:"url" doc:"Where the event is sent."`
	Status        string            `json:"status" enum:"pending,delivered,failed" doc:"pending while attempts remain; delivered after a 2xx answer; failed after 410 Gone, a refused address or the last attempt."`
	Attempts      int               `json:"attempts" doc:"Attempts made."`
	CreatedAt     Timestamp         `json:"created_at" doc:"When the event was created (when the job ended)."`
	NextAttemptAt *Timestamp        `json:"next_attempt_at,omitempty" doc:"When a pending delivery is tried next (about; jitter applies)."`
	FinishedAt    *Timestamp        `json:"finished_at,omitempty" doc:"When the delivery was delivered or gave up."`
	Log           []DeliveryAttempt `json:"log" doc:"Each attempt, oldest first."`
}

// DeliveryAttempt is one try at a delivery.
type DeliveryAttempt struct {
	Attempt    int       `json:"attempt" minimum:"1" doc:"1 for the first attempt."`
	At         Timestamp `json:"at" doc:"When the attempt started."`
	DurationMS int64     `json:"duration_ms" doc:"How long it took."`
	StatusCode *int      `json:"status_code,omitempty" doc:"The receiver's HTTP status; absent when no answer came."`
	Error      string    `json:"error,omitempty" doc:"Why the attempt failed; absent on success."`
}

type listDeliveriesOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Deliveries []Delivery `json:"deliveries" doc:"The job's deliveries, oldest first."`
	}
}

func (s *Server) listDeliveries(ctx context.Context, in *getJobInput) (*listDeliveriesOutput, error) {
	p := principalFrom(ctx)
	if _, err := uuid.Parse(in.ID); err != nil {
		return nil, jobNotFound()
	}
	if _, err := s.store.Job(ctx, p.AccountID, in.ID); errors.Is(err, store.ErrNotFound) {
		return nil, jobNotFound()
	} else if err != nil {
		s.logger(ctx).Error("get job", "job_id", in.ID, "err", err)
		return nil, unavailable()
	}
	ds, err := s.store.JobDeliveries(ctx, p.AccountID, in.ID)
	if err != nil {
		s.logger(ctx).Error("list webhook deliveries", "job_id", in.ID, "err", err)
		return nil, unavailable()
	}
	out := &listDeliveriesOutput{CacheControl: "no-store"}
	out.Body.Deliveries = make([]Delivery, 0, len(ds))
	for _, d := range ds {
		od := Delivery{WebhookID: d.ID, Event: d.Event, Target: d.Target, URL: d.URL, Status: d.Status,
			Attempts: d.Attempts, CreatedAt: Timestamp(d.CreatedAt), NextAttemptAt: timestamp(d.NextAttemptAt),
			FinishedAt: timestamp(d.FinishedAt), Log: make([]DeliveryAttempt, 0, len(d.Log))}
		for _, a := range d.Log {
			oa := DeliveryAttempt{Attempt: a.Attempt, At: Timestamp(a.At), DurationMS: a.Duration.Milliseconds(), Error: a.Error}
			if a.StatusCode != 0 {
				code := a.StatusCode
				oa.StatusCode = &code
			}
			od.Log = append(od.Log, oa)
		}
		out.Body.Deliveries = append(out.Body.Deliveries, od)
	}
	return out, nil
}
