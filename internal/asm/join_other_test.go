//go:build !amd64 || noasm

package asm

// archJoins: this build has no Join kernel; Join is JoinGeneric.
func archJoins() []joinImpl { return nil }
