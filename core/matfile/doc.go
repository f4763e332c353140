// Package matfile reads the numeric matrices of MATLAB Level 5 MAT-files
// (the format of `save -v6` and `save -v7`, and of scipy.io.savemat), the
// format of the data sets the NNLRS paper evaluates on (Zhuang et al.,
// Section V-A: YaleB, PIE and USPS as distributed by Deng Cai).
//
// The format is described in MathWorks, "MAT-File Format", Level 5 MAT-files
// (matfile_format.pdf, chapter 1). A file is a 128-byte header followed by
// data elements:
//
//	header   116 bytes text "MATLAB 5.0 MAT-file, ...", 8 bytes subsystem
//	         offset, 2 bytes version 0x0100, 2 bytes endian indicator
//	         "IM" (little-endian writer) or "MI" (big-endian writer)
//	element  tag (uint32 type, uint32 byte count) + data padded to 8 bytes,
//	         or the small form: one uint32 (byte count << 16 | type) and
//	         up to 4 bytes of data, used when the byte count is at most 4
//	miCOMPRESSED (15)  a zlib stream that inflates to one element (not
//	         padded)
//	miMATRIX (14)      subelements: array flags (miUINT32: class in the low
//	         byte, complex 0x0800, global 0x0400, logical 0x0200),
//	         dimensions (miINT32), name (miINT8), real part, imaginary part
//
// Only real, numeric, two-dimensional arrays are returned: classes double,
// single, int8 to int64, uint8 to uint64, and logical arrays (which are
// stored as uint8). Each is converted to float64 according to the data type
// it is stored with, which may differ from its class (MATLAB stores a double
// array of small integers as miUINT8, for example); values of 64-bit integer
// classes beyond 2⁵³ are rounded. N-dimensional arrays whose third and later
// dimensions are all 1 count as two-dimensional; any other N-dimensional
// numeric array is an error. Variables of other classes (char, cell,
// struct, object, sparse, function handle), complex arrays, and unnamed
// arrays (MATLAB's subsystem data) are skipped, so a file with extra
// variables still yields its matrices. Level 4 MAT-files (no header) are
// reported as not MAT-files, and version 7.3 MAT-files (HDF5) as not
// supported.
//
// Read is meant for untrusted input such as a file uploaded in a browser:
// it never panics, reports malformed input as a one-line error starting
// with "matfile: ", and allocates only in proportion to the bytes actually
// present. The inflated size of every element, and the float64 data of all
// the returned variables together, are bounded by MaxBytes, so a small
// "zip bomb" cannot exhaust memory.
package matfile
