package slow

// withoutShortcuts runs f with the shortcuts of shortcuts.go turned off.
// Tests in this package do not run in parallel, so no other test parses
// while they are off.
func withoutShortcuts(f func()) {
	shortcuts = false
	defer func() { shortcuts = true }()
	f()
}
