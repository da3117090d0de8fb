package httpapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/store"
)

func (s *Server) authLookup(ctx context.Context, key string) (store.Principal, *Problem) {
	invalid := problem(http.StatusUnauthorized, CodeUnauthorized, "the API key is not valid")
	if !apikey.WellFormed(key) {
		return store.Principal{}, invalid
	}
	p, err := s.store.Authenticate(ctx, apikey.Hash(key))
	if errors.Is(err, store.ErrNotFound) {
		return store.Principal{}, invalid
	}
	if err != nil {
		s.logger(ctx).Error("authenticate", "err", err)
		return store.Principal{}, unavailable()
	}
	return p, nil
}

func unavailable() *Problem {
	return problem(http.StatusServiceUnavailable, CodeUnavailable,
		"the service cannot reach its database right now; try again shortly").WithHeader("Retry-After", "5")
}

type getJobInput struct {
	ID string `path:"id" doc:"The job_id returned by the submission."`
}

type getJobOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         Record
}

func jobNotFound() *Problem {
	return problem(http.StatusNotFound, CodeJobNotFound, "no job with this id exists for your account")
}

func (s *Server) getJob(ctx context.Context, in *getJobInput) (*getJobOutput, error) {
	p := principalFrom(ctx)
	if _, err := uuid.Parse(in.ID); err != nil {
		return nil, jobNotFound()
	}
	j, err := s.store.Job(ctx, p.AccountID, in.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, jobNotFound()
	}
	if err != nil {
		s.logger(ctx).Error("get job", "job_id", in.ID, "err", err)
		return nil, unavailable()
	}
	return &getJobOutput{CacheControl: "no-store", Body: NewRecord(j)}, nil
}
