//go:build devtools

package main

// devCommands returns the developer commands built in (see devCommand).
func devCommands() map[string]devCommand {
	return map[string]devCommand{
		"eval":        {evalCommand, "score the engine against truth files: invex eval DIR..."},
		"sweep":       {sweepCommand, "upload every bad file while normal invoices flow; report outcomes and costs"},
		"bench-scale": {benchScaleCommand, "jobs per second with 1, 2, 4 worker processes on PostgreSQL and one on SQLite"},
	}
}
