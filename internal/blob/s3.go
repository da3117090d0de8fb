package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/encrypt"
)

// S3Config configures an S3 blob store.
type S3Config struct {
	// Bucket holds the blobs; it must exist.
	Bucket string
	// Endpoint is the server's URL, such as https://s3.eu-south-1.amazonaws.com
	// or http://127.0.0.1:8333 for a store in one's own data centre.
	// Empty means AWS (s3.amazonaws.com).
	Endpoint string
	// Region is the bucket's region; empty lets the client ask.
	Region string
	// Prefix is put before every key (e.g. "invex/"), so that invex can
	// share a bucket.
	Prefix string
	// PathStyle addresses the bucket in the path (endpoint/bucket/key), as
	// most self-hosted servers want; otherwise virtual-host style
	// (bucket.endpoint/key), as AWS prefers.
	PathStyle bool
	// SSE asks the server to encrypt the objects it stores: "" (none),
	// "AES256" (keys the server manages, SSE-S3) or "aws:kms" (SSE-KMS with
	// SSEKMSKeyID).
	SSE         string
	SSEKMSKeyID string
	// Credentials, when nil, are looked for as the AWS tools do: the
	// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN
	// variables, then the shared credentials file (AWS_SHARED_CREDENTIALS_FILE
	// or ~/.aws/credentials, profile AWS_PROFILE), then the instance's role.
	Credentials *credentials.Credentials
	// Transport, when set, carries the requests (tests).
	Transport http.RoundTripper
}

// S3 stores blobs as objects of an S3-compatible bucket (AWS S3, or a
// server such as SeaweedFS, Ceph or Garage in one's own data centre), so
// that API and worker processes on many machines reach every upload while
// the database stays small. It is built on minio-go: a small, well-kept
// client that speaks to every S3-compatible server and signs with
// Signature V4.
type S3 struct {
	c      *minio.Client
	bucket string
	prefix string
	sse    encrypt.ServerSide
}

var _ Store = (*S3)(nil)

// NewS3 returns a store on cfg's bucket. It does not reach the server:
// Ping does.
func NewS3(cfg S3Config) (*S3, error) {
	if cfg.Bucket == "" {
		return nil, errors.New("s3 blobs: no bucket named")
	}
	endpoint, secure := "s3.amazonaws.com", true
	if cfg.Endpoint != "" {
		u, err := url.Parse(cfg.Endpoint)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || (u.Path != "" && u.Path != "/") {
			return nil, fmt.Errorf("s3 blobs: endpoint %q is not a URL of the form https://host[:port]", cfg.Endpoint)
		}
		endpoint, secure = u.Host, u.Scheme == "https"
	}
	creds := cfg.Credentials
	if creds == nil {
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{},
			&credentials.FileAWSCredentials{},
			&credentials.IAM{Client: &http.Client{Transport: http.DefaultTransport}},
		})
	}
	lookup := minio.BucketLookupDNS
	if cfg.PathStyle {
		lookup = minio.BucketLookupPath
	}
	// Few retries: a submission waits for its upload, and when the server is
	// out of reach it is better told so at once (503, try again) than held;
	// workers retry a failed read with their own back-off.
	opts := &minio.Options{Creds: creds, Secure: secure, Region: cfg.Region, BucketLookup: lookup, Transport: cfg.Transport,
		MaxRetries: 2}
	c, err := minio.New(endpoint, opts)
	if err != nil {
		return nil, fmt.Errorf("s3 blobs: %w", err)
	}
	s := &S3{c: c, bucket: cfg.Bucket, prefix: cfg.Prefix}
	switch strings.ToLower(cfg.SSE) {
	case "":
	case "aes256", "sse-s3":
		s.sse = encrypt.NewSSE()
	case "aws:kms", "sse-kms":
		if s.sse, err = encrypt.NewSSEKMS(cfg.SSEKMSKeyID, nil); err != nil {
			return nil, fmt.Errorf("s3 blobs: %w", err)
		}
	default:
		return nil, fmt.Errorf("s3 blobs: server-side encryption %q is not one of AES256, aws:kms", cfg.SSE)
	}
	return s, nil
}

func (s *S3) object(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return s.prefix + key, nil
}

// PutFile uploads the file at src under key and removes src. When it
// returns nil the server has answered the upload with success: the object
// is stored.
func (s *S3) PutFile(ctx context.Context, key, src string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if _, err := s.c.FPutObject(ctx, s.bucket, name, src, minio.PutObjectOptions{
		ContentType: "application/octet-stream", ServerSideEncryption: s.sse, DisableMultipart: false,
	}); err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	if err := os.Remove(src); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("put blob: remove spool file: %w", err)
	}
	return nil
}

// Get returns the bytes stored under key, or ErrNotFound.
func (s *S3) Get(ctx context.Context, key string) ([]byte, error) {
	name, err := s.object(key)
	if err != nil {
		return nil, err
	}
	obj, err := s.c.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, s.readError(err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		return nil, s.readError(err)
	}
	return b, nil
}

func (s *S3) readError(err error) error {
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return ErrNotFound
	}
	return fmt.Errorf("get blob: %w", err)
}

// Delete removes the object under key; a missing one is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if err := s.c.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil &&
		minio.ToErrorResponse(err).Code != minio.NoSuchKey {
		return fmt.Errorf("delete blob: %w", err)
	}
	return nil
}

// Ping checks that the bucket can be reached, for readiness.
func (s *S3) Ping(ctx context.Context) error {
	ok, err := s.c.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("s3 blobs: reach bucket %q: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("s3 blobs: bucket %q does not exist", s.bucket)
	}
	return nil
}

// List calls fn with every key under prefix (the store's own Prefix left
// out) and the time its object was last written.
func (s *S3) List(ctx context.Context, prefix string, fn func(key string, modified time.Time) error) error {
	for obj := range s.c.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix, Recursive: true}) {
		if obj.Err != nil {
			return fmt.Errorf("list blobs: %w", obj.Err)
		}
		if err := fn(strings.TrimPrefix(obj.Key, s.prefix), obj.LastModified); err != nil {
			return err
		}
	}
	return nil
}
