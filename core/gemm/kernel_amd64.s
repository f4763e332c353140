//go:build amd64 && !noasm

#include "textflag.h"

// ROWS adds to two rows of sums (lo0, hi0 and lo1, hi1) the row of B in
// Y0, Y1 times the entries of A at offsets a0 and a1 from SI.
#define ROWS(a0, a1, lo0, hi0, lo1, hi1) \
	VBROADCASTSD a0(SI), Y2 \
	VBROADCASTSD a1(SI), Y3 \
	VFMADD231PD  Y0, Y2, lo0 \
	VFMADD231PD  Y1, Y2, hi0 \
	VFMADD231PD  Y0, Y3, lo1 \
	VFMADD231PD  Y1, Y3, hi1

// STORE adds a row of sums (lo, hi) to the row of C at DX and moves DX to
// the next row.
#define STORE(lo, hi) \
	VADDPD  0(DX), lo, lo \
	VADDPD  32(DX), hi, hi \
	VMOVUPD lo, 0(DX) \
	VMOVUPD hi, 32(DX) \
	ADDQ    R8, DX

// func kernel6x8(kc int, a, b, c *float64, ldc int)
//
// C[6×8] += A[6×kc] B[kc×8] with A packed column by column (6 values per
// step of k) and B row by row (8 values per step). Y4..Y15 hold the 6×8
// sums, two registers of 4 per row of C; Y0, Y1 a row of B; Y2, Y3 the
// broadcast entries of A.
TEXT ·kernel6x8(SB), NOSPLIT, $0-40
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DI
	MOVQ c+24(FP), DX
	MOVQ ldc+32(FP), R8
	SHLQ $3, R8

	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	VXORPD Y9, Y9, Y9
	VXORPD Y10, Y10, Y10
	VXORPD Y11, Y11, Y11
	VXORPD Y12, Y12, Y12
	VXORPD Y13, Y13, Y13
	VXORPD Y14, Y14, Y14
	VXORPD Y15, Y15, Y15

loop:
	VMOVUPD 0(DI), Y0
	VMOVUPD 32(DI), Y1
	ROWS(0, 8, Y4, Y5, Y6, Y7)
	ROWS(16, 24, Y8, Y9, Y10, Y11)
	ROWS(32, 40, Y12, Y13, Y14, Y15)
	ADDQ    $48, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     loop

	STORE(Y4, Y5)
	STORE(Y6, Y7)
	STORE(Y8, Y9)
	STORE(Y10, Y11)
	STORE(Y12, Y13)
	STORE(Y14, Y15)
	VZEROUPPER
	RET

// PAIR adds to the row sums Z(r) and Z(r+6) the row of B in Z0 times the
// entries of A at offset off from SI (first tile) and R10 (second).
#define PAIR(off, z0, z1) \
	VFMADD231PD.BCST off(SI), Z0, z0 \
	VFMADD231PD.BCST off(R10), Z0, z1

// STORE512 adds a row of sums to the row of C at DX and moves DX on.
#define STORE512(z) \
	VADDPD  0(DX), z, z \
	VMOVUPD z, 0(DX) \
	ADDQ    R8, DX

// func kernel12x8(kc int, a, b, c *float64, ldc int)
//
// C[12×8] += A[12×kc] B[kc×8]: rows 0..5 of A packed at a, rows 6..11 at
// a + 6·kc (two micro-panels as packA lays them out), B row by row. Z4..Z15
// hold the 12 rows of sums, 8 each; Z0 a row of B; the entries of A are
// broadcast from memory by each fused multiply-add.
TEXT ·kernel12x8(SB), NOSPLIT, $0-40
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DI
	MOVQ c+24(FP), DX
	MOVQ ldc+32(FP), R8
	SHLQ $3, R8
	IMUL3Q $48, CX, R9
	LEAQ (SI)(R9*1), R10

	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	VPXORQ Z7, Z7, Z7
	VPXORQ Z8, Z8, Z8
	VPXORQ Z9, Z9, Z9
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11
	VPXORQ Z12, Z12, Z12
	VPXORQ Z13, Z13, Z13
	VPXORQ Z14, Z14, Z14
	VPXORQ Z15, Z15, Z15

loop512:
	VMOVUPD (DI), Z0
	PAIR(0, Z4, Z10)
	PAIR(8, Z5, Z11)
	PAIR(16, Z6, Z12)
	PAIR(24, Z7, Z13)
	PAIR(32, Z8, Z14)
	PAIR(40, Z9, Z15)
	ADDQ $48, SI
	ADDQ $48, R10
	ADDQ $64, DI
	DECQ CX
	JNZ  loop512

	STORE512(Z4)
	STORE512(Z5)
	STORE512(Z6)
	STORE512(Z7)
	STORE512(Z8)
	STORE512(Z9)
	STORE512(Z10)
	STORE512(Z11)
	STORE512(Z12)
	STORE512(Z13)
	STORE512(Z14)
	STORE512(Z15)
	VZEROUPPER
	RET
