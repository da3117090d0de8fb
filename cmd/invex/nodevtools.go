//go:build !devtools

package main

// devCommands returns no command: this binary is built without the
// developer commands (see devCommand).
func devCommands() map[string]devCommand { return nil }
