package main

import "regexp"

// softwareRaster matches the renderers that draw WebGL on the CPU:
// SwiftShader (Chromium without a GPU, headless), Mesa's llvmpipe and
// softpipe, and Windows' Basic Render Driver.
var softwareRaster = regexp.MustCompile(`(?i)swiftshader|llvmpipe|softpipe|basic render driver|software rasterizer`)

// softwareRenderer reports whether the WebGL renderer string r
// (WEBGL_debug_renderer_info's UNMASKED_RENDERER_WEBGL) names a
// rasterizer on the CPU. An empty string (a browser that does not say)
// is taken for a GPU.
func softwareRenderer(r string) bool { return softwareRaster.MatchString(r) }
