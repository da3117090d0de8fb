package submit

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/internal/store"
)

// SQLiteQueue is River's client on the embedded SQLite database, inserting
// inside the store's transactions (store.Tx.SQLiteQueueTx).
type SQLiteQueue struct {
	*river.Client[*sql.Tx]
}

// InsertTx adds a queue entry inside the store transaction tx.
func (q SQLiteQueue) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	stx, err := tx.SQLiteQueueTx()
	if err != nil {
		return nil, fmt.Errorf("enqueue: %w", err)
	}
	return q.Client.InsertTx(ctx, stx, args, opts)
}

// PostgresQueue is River's pgx client, inserting inside the store's
// transactions through their pgx view (store.Tx.PostgresQueueTx).
type PostgresQueue struct {
	*river.Client[pgx.Tx]
}

// InsertTx adds a queue entry inside the store transaction tx.
func (q PostgresQueue) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	ptx, err := tx.PostgresQueueTx()
	if err != nil {
		return nil, fmt.Errorf("enqueue: %w", err)
	}
	return q.Client.InsertTx(ctx, ptx, args, opts)
}
