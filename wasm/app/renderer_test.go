package main

import "testing"

func TestSoftwareRenderer(t *testing.T) {
	for r, want := range map[string]bool{
		"ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)": true,
		"llvmpipe (LLVM 15.0.6, 256 bits)":                                                 true,
		"ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)": true,
		"ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)":              false,
		"Apple GPU": false,
		"":          false,
	} {
		if got := softwareRenderer(r); got != want {
			t.Errorf("softwareRenderer(%q) = %v, want %v", r, got, want)
		}
	}
}
