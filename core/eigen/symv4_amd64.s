//go:build amd64 && !noasm

#include "textflag.h"

// ROW adds row r (base reg) of four columns at offset BX: its lane sums
// (acc) take a·x, and y (Y1) takes a·xi_r (bcast), in that order.
#define ROW(base, acc, bcast) \
	VMOVUPD     (base)(BX*1), Y2 \
	VFMADD231PD Y2, Y0, acc \
	VFMADD231PD Y2, bcast, Y1

// func symv4FMA(k int, a *float64, lda int, x, y *float64, xi *[4]float64, p *[16]float64)
//
// Y4..Y7 hold the lane sums of rows 0..3, Y8..Y11 the broadcast xi_r,
// Y0 four entries of x, Y1 four of y, Y2 four of a row.
TEXT ·symv4FMA(SB), NOSPLIT, $0-56
	MOVQ k+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ lda+16(FP), R8
	SHLQ $3, R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ x+24(FP), DI
	MOVQ y+32(FP), DX
	MOVQ xi+40(FP), AX
	VBROADCASTSD 0(AX), Y8
	VBROADCASTSD 8(AX), Y9
	VBROADCASTSD 16(AX), Y10
	VBROADCASTSD 24(AX), Y11
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	XORQ BX, BX
	SHRQ $2, CX

loop:
	VMOVUPD (DI)(BX*1), Y0
	VMOVUPD (DX)(BX*1), Y1
	ROW(SI, Y4, Y8)
	ROW(R9, Y5, Y9)
	ROW(R10, Y6, Y10)
	ROW(R11, Y7, Y11)
	VMOVUPD Y1, (DX)(BX*1)
	ADDQ    $32, BX
	DECQ    CX
	JNZ     loop

	MOVQ    p+48(FP), AX
	VMOVUPD Y4, 0(AX)
	VMOVUPD Y5, 32(AX)
	VMOVUPD Y6, 64(AX)
	VMOVUPD Y7, 96(AX)
	VZEROUPPER
	RET
