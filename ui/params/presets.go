package params

// Presets are the measured settings of the built-in data sets, by name.
// None is measured yet: the built-in data sets open with the synthetic
// data's parameters, without noise or corruption.
var Presets = map[string]Preset{}
