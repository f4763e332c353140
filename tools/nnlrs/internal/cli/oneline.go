package cli

import "strings"

// MaxMessage is the longest message run prints after the command's name,
// in runes.
const MaxMessage = 200

// OneLine keeps an error message to a single line of at most MaxMessage
// runes; a longer one loses its middle, so that it keeps what it is about
// and, at its end, what to do.
func OneLine(err error) string {
	r := []rune(strings.Join(strings.Fields(err.Error()), " "))
	if len(r) <= MaxMessage {
		return string(r)
	}
	const mark = " ... "
	head := (MaxMessage - len(mark)) * 2 / 3
	tail := MaxMessage - len(mark) - head
	return string(r[:head]) + mark + string(r[len(r)-tail:])
}
