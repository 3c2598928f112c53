package org.logplab.fft;

/**
 * Straight-line decimation-in-frequency transforms of 16, 8 and 4 contiguous points of an
 * interleaved array (offsets count doubles), the last two
 * stages of the serial FFT fused so the small spans pay no loop overhead and keep every value in
 * registers. {@link #dif16} equals a radix-4 stage of span 16 followed by four of span 4;
 * {@link #dif8} a radix-4 stage of span 8 followed by radix-2 pairs (bit-reversed output, as
 * {@link Radix4}). The code is mechanical: each radix-4 butterfly of {@link Radix4#stage} written
 * out with its twiddles as constants ({@code cos, sin} of {@code 2 pi k j / m}), the trivial ones
 * ({@code 1}, {@code -i}) folded away. A test checks both against the loop kernels.
 *
 * <p>Each kernel comes four times: in place and into {@link FinalPass}'s buffer, forward and
 * inverse, the same straight-line body with other loads and stores: with the output stride as a
 * parameter the stride is no constant to the compiler, and whole transforms ran slower, so the
 * copies stay; {@code FinalPassTest} checks the
 * buffer forms against the in-place ones bit for bit, and {@code FftTest} the inverse forms.
 */
final class HandWrittenCodelets {

    private HandWrittenCodelets() {
    }

    /** DIF of the 16 complex points starting at double offset {@code o} (interleaved), bit-reversed output. */
    static void dif16(double[] a, int o) {
        double r0 = a[o + 0];
        double i0 = a[o + 1];
        double r1 = a[o + 2];
        double i1 = a[o + 3];
        double r2 = a[o + 4];
        double i2 = a[o + 5];
        double r3 = a[o + 6];
        double i3 = a[o + 7];
        double r4 = a[o + 8];
        double i4 = a[o + 9];
        double r5 = a[o + 10];
        double i5 = a[o + 11];
        double r6 = a[o + 12];
        double i6 = a[o + 13];
        double r7 = a[o + 14];
        double i7 = a[o + 15];
        double r8 = a[o + 16];
        double i8 = a[o + 17];
        double r9 = a[o + 18];
        double i9 = a[o + 19];
        double r10 = a[o + 20];
        double i10 = a[o + 21];
        double r11 = a[o + 22];
        double i11 = a[o + 23];
        double r12 = a[o + 24];
        double i12 = a[o + 25];
        double r13 = a[o + 26];
        double i13 = a[o + 27];
        double r14 = a[o + 28];
        double i14 = a[o + 29];
        double r15 = a[o + 30];
        double i15 = a[o + 31];
        double t1 = r0 + r8; double t2 = i0 + i8;
        double t3 = r0 - r8; double t4 = i0 - i8;
        double t5 = r4 + r12; double t6 = i4 + i12;
        double t7 = i4 - i12; double t8 = r12 - r4;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r9; double t24 = i1 + i9;
        double t25 = r1 - r9; double t26 = i1 - i9;
        double t27 = r5 + r13; double t28 = i5 + i13;
        double t29 = i5 - i13; double t30 = r13 - r5;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t33 * 0.7071067811865476
                + t34 * 0.7071067811865475; double t36 = t34 * 0.7071067811865476 - t33 * 0.7071067811865475;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.9238795325112867
                + t38 * 0.3826834323650898; double t40 = t38 * 0.9238795325112867 - t37 * 0.3826834323650898;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * 0.38268343236508984
                + t42 * 0.9238795325112867; double t44 = t42 * 0.38268343236508984 - t41 * 0.9238795325112867;
        double t45 = r2 + r10; double t46 = i2 + i10;
        double t47 = r2 - r10; double t48 = i2 - i10;
        double t49 = r6 + r14; double t50 = i6 + i14;
        double t51 = i6 - i14; double t52 = r14 - r6;
        double t53 = t45 + t49; double t54 = t46 + t50;
        double t55 = t45 - t49; double t56 = t46 - t50;
        double t57 = t56; double t58 = -t55;
        double t59 = t47 + t51; double t60 = t48 + t52;
        double t61 = t59 * 0.7071067811865476
                + t60 * 0.7071067811865475; double t62 = t60 * 0.7071067811865476 - t59 * 0.7071067811865475;
        double t63 = t47 - t51; double t64 = t48 - t52;
        double t65 = t63 * -0.7071067811865475
                + t64 * 0.7071067811865476; double t66 = t64 * -0.7071067811865475 - t63 * 0.7071067811865476;
        double t67 = r3 + r11; double t68 = i3 + i11;
        double t69 = r3 - r11; double t70 = i3 - i11;
        double t71 = r7 + r15; double t72 = i7 + i15;
        double t73 = i7 - i15; double t74 = r15 - r7;
        double t75 = t67 + t71; double t76 = t68 + t72;
        double t77 = t67 - t71; double t78 = t68 - t72;
        double t79 = t77 * -0.7071067811865475
                + t78 * 0.7071067811865476; double t80 = t78 * -0.7071067811865475 - t77 * 0.7071067811865476;
        double t81 = t69 + t73; double t82 = t70 + t74;
        double t83 = t81 * 0.38268343236508984
                + t82 * 0.9238795325112867; double t84 = t82 * 0.38268343236508984 - t81 * 0.9238795325112867;
        double t85 = t69 - t73; double t86 = t70 - t74;
        double t87 = t85 * -0.9238795325112868
                + t86 * -0.38268343236508967; double t88 = t86 * -0.9238795325112868 - t85 * -0.38268343236508967;
        double t89 = t9 + t53; double t90 = t10 + t54;
        double t91 = t9 - t53; double t92 = t10 - t54;
        double t93 = t31 + t75; double t94 = t32 + t76;
        double t95 = t32 - t76; double t96 = t75 - t31;
        double t97 = t89 + t93; double t98 = t90 + t94;
        double t99 = t89 - t93; double t100 = t90 - t94;
        double t101 = t99; double t102 = t100;
        double t103 = t91 + t95; double t104 = t92 + t96;
        double t105 = t103; double t106 = t104;
        double t107 = t91 - t95; double t108 = t92 - t96;
        double t109 = t107; double t110 = t108;
        double t111 = t13 + t57; double t112 = t14 + t58;
        double t113 = t13 - t57; double t114 = t14 - t58;
        double t115 = t35 + t79; double t116 = t36 + t80;
        double t117 = t36 - t80; double t118 = t79 - t35;
        double t119 = t111 + t115; double t120 = t112 + t116;
        double t121 = t111 - t115; double t122 = t112 - t116;
        double t123 = t121; double t124 = t122;
        double t125 = t113 + t117; double t126 = t114 + t118;
        double t127 = t125; double t128 = t126;
        double t129 = t113 - t117; double t130 = t114 - t118;
        double t131 = t129; double t132 = t130;
        double t133 = t17 + t61; double t134 = t18 + t62;
        double t135 = t17 - t61; double t136 = t18 - t62;
        double t137 = t39 + t83; double t138 = t40 + t84;
        double t139 = t40 - t84; double t140 = t83 - t39;
        double t141 = t133 + t137; double t142 = t134 + t138;
        double t143 = t133 - t137; double t144 = t134 - t138;
        double t145 = t143; double t146 = t144;
        double t147 = t135 + t139; double t148 = t136 + t140;
        double t149 = t147; double t150 = t148;
        double t151 = t135 - t139; double t152 = t136 - t140;
        double t153 = t151; double t154 = t152;
        double t155 = t21 + t65; double t156 = t22 + t66;
        double t157 = t21 - t65; double t158 = t22 - t66;
        double t159 = t43 + t87; double t160 = t44 + t88;
        double t161 = t44 - t88; double t162 = t87 - t43;
        double t163 = t155 + t159; double t164 = t156 + t160;
        double t165 = t155 - t159; double t166 = t156 - t160;
        double t167 = t165; double t168 = t166;
        double t169 = t157 + t161; double t170 = t158 + t162;
        double t171 = t169; double t172 = t170;
        double t173 = t157 - t161; double t174 = t158 - t162;
        double t175 = t173; double t176 = t174;
        a[o + 0] = t97;
        a[o + 1] = t98;
        a[o + 2] = t101;
        a[o + 3] = t102;
        a[o + 4] = t105;
        a[o + 5] = t106;
        a[o + 6] = t109;
        a[o + 7] = t110;
        a[o + 8] = t119;
        a[o + 9] = t120;
        a[o + 10] = t123;
        a[o + 11] = t124;
        a[o + 12] = t127;
        a[o + 13] = t128;
        a[o + 14] = t131;
        a[o + 15] = t132;
        a[o + 16] = t141;
        a[o + 17] = t142;
        a[o + 18] = t145;
        a[o + 19] = t146;
        a[o + 20] = t149;
        a[o + 21] = t150;
        a[o + 22] = t153;
        a[o + 23] = t154;
        a[o + 24] = t163;
        a[o + 25] = t164;
        a[o + 26] = t167;
        a[o + 27] = t168;
        a[o + 28] = t171;
        a[o + 29] = t172;
        a[o + 30] = t175;
        a[o + 31] = t176;
    }

    /** DIF of the 8 complex points starting at double offset {@code o} (interleaved), bit-reversed output. */
    static void dif8(double[] a, int o) {
        double r0 = a[o + 0];
        double i0 = a[o + 1];
        double r1 = a[o + 2];
        double i1 = a[o + 3];
        double r2 = a[o + 4];
        double i2 = a[o + 5];
        double r3 = a[o + 6];
        double i3 = a[o + 7];
        double r4 = a[o + 8];
        double i4 = a[o + 9];
        double r5 = a[o + 10];
        double i5 = a[o + 11];
        double r6 = a[o + 12];
        double i6 = a[o + 13];
        double r7 = a[o + 14];
        double i7 = a[o + 15];
        double t1 = r0 + r4; double t2 = i0 + i4;
        double t3 = r0 - r4; double t4 = i0 - i4;
        double t5 = r2 + r6; double t6 = i2 + i6;
        double t7 = i2 - i6; double t8 = r6 - r2;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r5; double t24 = i1 + i5;
        double t25 = r1 - r5; double t26 = i1 - i5;
        double t27 = r3 + r7; double t28 = i3 + i7;
        double t29 = i3 - i7; double t30 = r7 - r3;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t34; double t36 = -t33;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.7071067811865476
                + t38 * 0.7071067811865475; double t40 = t38 * 0.7071067811865476 - t37 * 0.7071067811865475;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * -0.7071067811865475
                + t42 * 0.7071067811865476; double t44 = t42 * -0.7071067811865475 - t41 * 0.7071067811865476;
        double t45 = t9 + t31; double t46 = t10 + t32;
        double t47 = t9 - t31; double t48 = t10 - t32;
        double t49 = t13 + t35; double t50 = t14 + t36;
        double t51 = t13 - t35; double t52 = t14 - t36;
        double t53 = t17 + t39; double t54 = t18 + t40;
        double t55 = t17 - t39; double t56 = t18 - t40;
        double t57 = t21 + t43; double t58 = t22 + t44;
        double t59 = t21 - t43; double t60 = t22 - t44;
        a[o + 0] = t45;
        a[o + 1] = t46;
        a[o + 2] = t47;
        a[o + 3] = t48;
        a[o + 4] = t49;
        a[o + 5] = t50;
        a[o + 6] = t51;
        a[o + 7] = t52;
        a[o + 8] = t53;
        a[o + 9] = t54;
        a[o + 10] = t55;
        a[o + 11] = t56;
        a[o + 12] = t57;
        a[o + 13] = t58;
        a[o + 14] = t59;
        a[o + 15] = t60;
    }

    /**
     * The inverse of {@link #dif16}, scaled: {@code scale * conj(dif16(conj(x)))}, in place (the
     * conjugations cost sign flips in registers, not passes over the array).
     */
    static void dif16Inverse(double[] a, int o, double scale) {
        double negScale = -scale;
        double r0 = a[o + 0];
        double i0 = -a[o + 1];
        double r1 = a[o + 2];
        double i1 = -a[o + 3];
        double r2 = a[o + 4];
        double i2 = -a[o + 5];
        double r3 = a[o + 6];
        double i3 = -a[o + 7];
        double r4 = a[o + 8];
        double i4 = -a[o + 9];
        double r5 = a[o + 10];
        double i5 = -a[o + 11];
        double r6 = a[o + 12];
        double i6 = -a[o + 13];
        double r7 = a[o + 14];
        double i7 = -a[o + 15];
        double r8 = a[o + 16];
        double i8 = -a[o + 17];
        double r9 = a[o + 18];
        double i9 = -a[o + 19];
        double r10 = a[o + 20];
        double i10 = -a[o + 21];
        double r11 = a[o + 22];
        double i11 = -a[o + 23];
        double r12 = a[o + 24];
        double i12 = -a[o + 25];
        double r13 = a[o + 26];
        double i13 = -a[o + 27];
        double r14 = a[o + 28];
        double i14 = -a[o + 29];
        double r15 = a[o + 30];
        double i15 = -a[o + 31];
        double t1 = r0 + r8; double t2 = i0 + i8;
        double t3 = r0 - r8; double t4 = i0 - i8;
        double t5 = r4 + r12; double t6 = i4 + i12;
        double t7 = i4 - i12; double t8 = r12 - r4;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r9; double t24 = i1 + i9;
        double t25 = r1 - r9; double t26 = i1 - i9;
        double t27 = r5 + r13; double t28 = i5 + i13;
        double t29 = i5 - i13; double t30 = r13 - r5;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t33 * 0.7071067811865476
                + t34 * 0.7071067811865475; double t36 = t34 * 0.7071067811865476 - t33 * 0.7071067811865475;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.9238795325112867
                + t38 * 0.3826834323650898; double t40 = t38 * 0.9238795325112867 - t37 * 0.3826834323650898;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * 0.38268343236508984
                + t42 * 0.9238795325112867; double t44 = t42 * 0.38268343236508984 - t41 * 0.9238795325112867;
        double t45 = r2 + r10; double t46 = i2 + i10;
        double t47 = r2 - r10; double t48 = i2 - i10;
        double t49 = r6 + r14; double t50 = i6 + i14;
        double t51 = i6 - i14; double t52 = r14 - r6;
        double t53 = t45 + t49; double t54 = t46 + t50;
        double t55 = t45 - t49; double t56 = t46 - t50;
        double t57 = t56; double t58 = -t55;
        double t59 = t47 + t51; double t60 = t48 + t52;
        double t61 = t59 * 0.7071067811865476
                + t60 * 0.7071067811865475; double t62 = t60 * 0.7071067811865476 - t59 * 0.7071067811865475;
        double t63 = t47 - t51; double t64 = t48 - t52;
        double t65 = t63 * -0.7071067811865475
                + t64 * 0.7071067811865476; double t66 = t64 * -0.7071067811865475 - t63 * 0.7071067811865476;
        double t67 = r3 + r11; double t68 = i3 + i11;
        double t69 = r3 - r11; double t70 = i3 - i11;
        double t71 = r7 + r15; double t72 = i7 + i15;
        double t73 = i7 - i15; double t74 = r15 - r7;
        double t75 = t67 + t71; double t76 = t68 + t72;
        double t77 = t67 - t71; double t78 = t68 - t72;
        double t79 = t77 * -0.7071067811865475
                + t78 * 0.7071067811865476; double t80 = t78 * -0.7071067811865475 - t77 * 0.7071067811865476;
        double t81 = t69 + t73; double t82 = t70 + t74;
        double t83 = t81 * 0.38268343236508984
                + t82 * 0.9238795325112867; double t84 = t82 * 0.38268343236508984 - t81 * 0.9238795325112867;
        double t85 = t69 - t73; double t86 = t70 - t74;
        double t87 = t85 * -0.9238795325112868
                + t86 * -0.38268343236508967; double t88 = t86 * -0.9238795325112868 - t85 * -0.38268343236508967;
        double t89 = t9 + t53; double t90 = t10 + t54;
        double t91 = t9 - t53; double t92 = t10 - t54;
        double t93 = t31 + t75; double t94 = t32 + t76;
        double t95 = t32 - t76; double t96 = t75 - t31;
        double t97 = t89 + t93; double t98 = t90 + t94;
        double t99 = t89 - t93; double t100 = t90 - t94;
        double t101 = t99; double t102 = t100;
        double t103 = t91 + t95; double t104 = t92 + t96;
        double t105 = t103; double t106 = t104;
        double t107 = t91 - t95; double t108 = t92 - t96;
        double t109 = t107; double t110 = t108;
        double t111 = t13 + t57; double t112 = t14 + t58;
        double t113 = t13 - t57; double t114 = t14 - t58;
        double t115 = t35 + t79; double t116 = t36 + t80;
        double t117 = t36 - t80; double t118 = t79 - t35;
        double t119 = t111 + t115; double t120 = t112 + t116;
        double t121 = t111 - t115; double t122 = t112 - t116;
        double t123 = t121; double t124 = t122;
        double t125 = t113 + t117; double t126 = t114 + t118;
        double t127 = t125; double t128 = t126;
        double t129 = t113 - t117; double t130 = t114 - t118;
        double t131 = t129; double t132 = t130;
        double t133 = t17 + t61; double t134 = t18 + t62;
        double t135 = t17 - t61; double t136 = t18 - t62;
        double t137 = t39 + t83; double t138 = t40 + t84;
        double t139 = t40 - t84; double t140 = t83 - t39;
        double t141 = t133 + t137; double t142 = t134 + t138;
        double t143 = t133 - t137; double t144 = t134 - t138;
        double t145 = t143; double t146 = t144;
        double t147 = t135 + t139; double t148 = t136 + t140;
        double t149 = t147; double t150 = t148;
        double t151 = t135 - t139; double t152 = t136 - t140;
        double t153 = t151; double t154 = t152;
        double t155 = t21 + t65; double t156 = t22 + t66;
        double t157 = t21 - t65; double t158 = t22 - t66;
        double t159 = t43 + t87; double t160 = t44 + t88;
        double t161 = t44 - t88; double t162 = t87 - t43;
        double t163 = t155 + t159; double t164 = t156 + t160;
        double t165 = t155 - t159; double t166 = t156 - t160;
        double t167 = t165; double t168 = t166;
        double t169 = t157 + t161; double t170 = t158 + t162;
        double t171 = t169; double t172 = t170;
        double t173 = t157 - t161; double t174 = t158 - t162;
        double t175 = t173; double t176 = t174;
        a[o + 0] = scale * t97;
        a[o + 1] = negScale * t98;
        a[o + 2] = scale * t101;
        a[o + 3] = negScale * t102;
        a[o + 4] = scale * t105;
        a[o + 5] = negScale * t106;
        a[o + 6] = scale * t109;
        a[o + 7] = negScale * t110;
        a[o + 8] = scale * t119;
        a[o + 9] = negScale * t120;
        a[o + 10] = scale * t123;
        a[o + 11] = negScale * t124;
        a[o + 12] = scale * t127;
        a[o + 13] = negScale * t128;
        a[o + 14] = scale * t131;
        a[o + 15] = negScale * t132;
        a[o + 16] = scale * t141;
        a[o + 17] = negScale * t142;
        a[o + 18] = scale * t145;
        a[o + 19] = negScale * t146;
        a[o + 20] = scale * t149;
        a[o + 21] = negScale * t150;
        a[o + 22] = scale * t153;
        a[o + 23] = negScale * t154;
        a[o + 24] = scale * t163;
        a[o + 25] = negScale * t164;
        a[o + 26] = scale * t167;
        a[o + 27] = negScale * t168;
        a[o + 28] = scale * t171;
        a[o + 29] = negScale * t172;
        a[o + 30] = scale * t175;
        a[o + 31] = negScale * t176;
    }

    /**
     * {@link #dif16} from {@code s} at double offset {@code o} into the buffer {@code d} of
     * {@link FinalPass}: output point {@code k} (bit-reversed order) to {@code d[p + 32 k]} and
     * {@code d[p + 32 k + 1]}.
     */
    static void dif16To(double[] s, int o, double[] d, int p) {
        double r0 = s[o + 0];
        double i0 = s[o + 1];
        double r1 = s[o + 2];
        double i1 = s[o + 3];
        double r2 = s[o + 4];
        double i2 = s[o + 5];
        double r3 = s[o + 6];
        double i3 = s[o + 7];
        double r4 = s[o + 8];
        double i4 = s[o + 9];
        double r5 = s[o + 10];
        double i5 = s[o + 11];
        double r6 = s[o + 12];
        double i6 = s[o + 13];
        double r7 = s[o + 14];
        double i7 = s[o + 15];
        double r8 = s[o + 16];
        double i8 = s[o + 17];
        double r9 = s[o + 18];
        double i9 = s[o + 19];
        double r10 = s[o + 20];
        double i10 = s[o + 21];
        double r11 = s[o + 22];
        double i11 = s[o + 23];
        double r12 = s[o + 24];
        double i12 = s[o + 25];
        double r13 = s[o + 26];
        double i13 = s[o + 27];
        double r14 = s[o + 28];
        double i14 = s[o + 29];
        double r15 = s[o + 30];
        double i15 = s[o + 31];
        double t1 = r0 + r8; double t2 = i0 + i8;
        double t3 = r0 - r8; double t4 = i0 - i8;
        double t5 = r4 + r12; double t6 = i4 + i12;
        double t7 = i4 - i12; double t8 = r12 - r4;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r9; double t24 = i1 + i9;
        double t25 = r1 - r9; double t26 = i1 - i9;
        double t27 = r5 + r13; double t28 = i5 + i13;
        double t29 = i5 - i13; double t30 = r13 - r5;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t33 * 0.7071067811865476
                + t34 * 0.7071067811865475; double t36 = t34 * 0.7071067811865476 - t33 * 0.7071067811865475;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.9238795325112867
                + t38 * 0.3826834323650898; double t40 = t38 * 0.9238795325112867 - t37 * 0.3826834323650898;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * 0.38268343236508984
                + t42 * 0.9238795325112867; double t44 = t42 * 0.38268343236508984 - t41 * 0.9238795325112867;
        double t45 = r2 + r10; double t46 = i2 + i10;
        double t47 = r2 - r10; double t48 = i2 - i10;
        double t49 = r6 + r14; double t50 = i6 + i14;
        double t51 = i6 - i14; double t52 = r14 - r6;
        double t53 = t45 + t49; double t54 = t46 + t50;
        double t55 = t45 - t49; double t56 = t46 - t50;
        double t57 = t56; double t58 = -t55;
        double t59 = t47 + t51; double t60 = t48 + t52;
        double t61 = t59 * 0.7071067811865476
                + t60 * 0.7071067811865475; double t62 = t60 * 0.7071067811865476 - t59 * 0.7071067811865475;
        double t63 = t47 - t51; double t64 = t48 - t52;
        double t65 = t63 * -0.7071067811865475
                + t64 * 0.7071067811865476; double t66 = t64 * -0.7071067811865475 - t63 * 0.7071067811865476;
        double t67 = r3 + r11; double t68 = i3 + i11;
        double t69 = r3 - r11; double t70 = i3 - i11;
        double t71 = r7 + r15; double t72 = i7 + i15;
        double t73 = i7 - i15; double t74 = r15 - r7;
        double t75 = t67 + t71; double t76 = t68 + t72;
        double t77 = t67 - t71; double t78 = t68 - t72;
        double t79 = t77 * -0.7071067811865475
                + t78 * 0.7071067811865476; double t80 = t78 * -0.7071067811865475 - t77 * 0.7071067811865476;
        double t81 = t69 + t73; double t82 = t70 + t74;
        double t83 = t81 * 0.38268343236508984
                + t82 * 0.9238795325112867; double t84 = t82 * 0.38268343236508984 - t81 * 0.9238795325112867;
        double t85 = t69 - t73; double t86 = t70 - t74;
        double t87 = t85 * -0.9238795325112868
                + t86 * -0.38268343236508967; double t88 = t86 * -0.9238795325112868 - t85 * -0.38268343236508967;
        double t89 = t9 + t53; double t90 = t10 + t54;
        double t91 = t9 - t53; double t92 = t10 - t54;
        double t93 = t31 + t75; double t94 = t32 + t76;
        double t95 = t32 - t76; double t96 = t75 - t31;
        double t97 = t89 + t93; double t98 = t90 + t94;
        double t99 = t89 - t93; double t100 = t90 - t94;
        double t101 = t99; double t102 = t100;
        double t103 = t91 + t95; double t104 = t92 + t96;
        double t105 = t103; double t106 = t104;
        double t107 = t91 - t95; double t108 = t92 - t96;
        double t109 = t107; double t110 = t108;
        double t111 = t13 + t57; double t112 = t14 + t58;
        double t113 = t13 - t57; double t114 = t14 - t58;
        double t115 = t35 + t79; double t116 = t36 + t80;
        double t117 = t36 - t80; double t118 = t79 - t35;
        double t119 = t111 + t115; double t120 = t112 + t116;
        double t121 = t111 - t115; double t122 = t112 - t116;
        double t123 = t121; double t124 = t122;
        double t125 = t113 + t117; double t126 = t114 + t118;
        double t127 = t125; double t128 = t126;
        double t129 = t113 - t117; double t130 = t114 - t118;
        double t131 = t129; double t132 = t130;
        double t133 = t17 + t61; double t134 = t18 + t62;
        double t135 = t17 - t61; double t136 = t18 - t62;
        double t137 = t39 + t83; double t138 = t40 + t84;
        double t139 = t40 - t84; double t140 = t83 - t39;
        double t141 = t133 + t137; double t142 = t134 + t138;
        double t143 = t133 - t137; double t144 = t134 - t138;
        double t145 = t143; double t146 = t144;
        double t147 = t135 + t139; double t148 = t136 + t140;
        double t149 = t147; double t150 = t148;
        double t151 = t135 - t139; double t152 = t136 - t140;
        double t153 = t151; double t154 = t152;
        double t155 = t21 + t65; double t156 = t22 + t66;
        double t157 = t21 - t65; double t158 = t22 - t66;
        double t159 = t43 + t87; double t160 = t44 + t88;
        double t161 = t44 - t88; double t162 = t87 - t43;
        double t163 = t155 + t159; double t164 = t156 + t160;
        double t165 = t155 - t159; double t166 = t156 - t160;
        double t167 = t165; double t168 = t166;
        double t169 = t157 + t161; double t170 = t158 + t162;
        double t171 = t169; double t172 = t170;
        double t173 = t157 - t161; double t174 = t158 - t162;
        double t175 = t173; double t176 = t174;
        d[p] = t97;
        d[p + 1] = t98;
        d[p + 32] = t101;
        d[p + 33] = t102;
        d[p + 64] = t105;
        d[p + 65] = t106;
        d[p + 96] = t109;
        d[p + 97] = t110;
        d[p + 128] = t119;
        d[p + 129] = t120;
        d[p + 160] = t123;
        d[p + 161] = t124;
        d[p + 192] = t127;
        d[p + 193] = t128;
        d[p + 224] = t131;
        d[p + 225] = t132;
        d[p + 256] = t141;
        d[p + 257] = t142;
        d[p + 288] = t145;
        d[p + 289] = t146;
        d[p + 320] = t149;
        d[p + 321] = t150;
        d[p + 352] = t153;
        d[p + 353] = t154;
        d[p + 384] = t163;
        d[p + 385] = t164;
        d[p + 416] = t167;
        d[p + 417] = t168;
        d[p + 448] = t171;
        d[p + 449] = t172;
        d[p + 480] = t175;
        d[p + 481] = t176;
    }

    /** {@link #dif16Inverse} from {@code s} into the buffer {@code d}, as {@link #dif16To}. */
    static void dif16InverseTo(double[] s, int o, double[] d, int p, double scale) {
        double negScale = -scale;
        double r0 = s[o + 0];
        double i0 = -s[o + 1];
        double r1 = s[o + 2];
        double i1 = -s[o + 3];
        double r2 = s[o + 4];
        double i2 = -s[o + 5];
        double r3 = s[o + 6];
        double i3 = -s[o + 7];
        double r4 = s[o + 8];
        double i4 = -s[o + 9];
        double r5 = s[o + 10];
        double i5 = -s[o + 11];
        double r6 = s[o + 12];
        double i6 = -s[o + 13];
        double r7 = s[o + 14];
        double i7 = -s[o + 15];
        double r8 = s[o + 16];
        double i8 = -s[o + 17];
        double r9 = s[o + 18];
        double i9 = -s[o + 19];
        double r10 = s[o + 20];
        double i10 = -s[o + 21];
        double r11 = s[o + 22];
        double i11 = -s[o + 23];
        double r12 = s[o + 24];
        double i12 = -s[o + 25];
        double r13 = s[o + 26];
        double i13 = -s[o + 27];
        double r14 = s[o + 28];
        double i14 = -s[o + 29];
        double r15 = s[o + 30];
        double i15 = -s[o + 31];
        double t1 = r0 + r8; double t2 = i0 + i8;
        double t3 = r0 - r8; double t4 = i0 - i8;
        double t5 = r4 + r12; double t6 = i4 + i12;
        double t7 = i4 - i12; double t8 = r12 - r4;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r9; double t24 = i1 + i9;
        double t25 = r1 - r9; double t26 = i1 - i9;
        double t27 = r5 + r13; double t28 = i5 + i13;
        double t29 = i5 - i13; double t30 = r13 - r5;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t33 * 0.7071067811865476
                + t34 * 0.7071067811865475; double t36 = t34 * 0.7071067811865476 - t33 * 0.7071067811865475;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.9238795325112867
                + t38 * 0.3826834323650898; double t40 = t38 * 0.9238795325112867 - t37 * 0.3826834323650898;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * 0.38268343236508984
                + t42 * 0.9238795325112867; double t44 = t42 * 0.38268343236508984 - t41 * 0.9238795325112867;
        double t45 = r2 + r10; double t46 = i2 + i10;
        double t47 = r2 - r10; double t48 = i2 - i10;
        double t49 = r6 + r14; double t50 = i6 + i14;
        double t51 = i6 - i14; double t52 = r14 - r6;
        double t53 = t45 + t49; double t54 = t46 + t50;
        double t55 = t45 - t49; double t56 = t46 - t50;
        double t57 = t56; double t58 = -t55;
        double t59 = t47 + t51; double t60 = t48 + t52;
        double t61 = t59 * 0.7071067811865476
                + t60 * 0.7071067811865475; double t62 = t60 * 0.7071067811865476 - t59 * 0.7071067811865475;
        double t63 = t47 - t51; double t64 = t48 - t52;
        double t65 = t63 * -0.7071067811865475
                + t64 * 0.7071067811865476; double t66 = t64 * -0.7071067811865475 - t63 * 0.7071067811865476;
        double t67 = r3 + r11; double t68 = i3 + i11;
        double t69 = r3 - r11; double t70 = i3 - i11;
        double t71 = r7 + r15; double t72 = i7 + i15;
        double t73 = i7 - i15; double t74 = r15 - r7;
        double t75 = t67 + t71; double t76 = t68 + t72;
        double t77 = t67 - t71; double t78 = t68 - t72;
        double t79 = t77 * -0.7071067811865475
                + t78 * 0.7071067811865476; double t80 = t78 * -0.7071067811865475 - t77 * 0.7071067811865476;
        double t81 = t69 + t73; double t82 = t70 + t74;
        double t83 = t81 * 0.38268343236508984
                + t82 * 0.9238795325112867; double t84 = t82 * 0.38268343236508984 - t81 * 0.9238795325112867;
        double t85 = t69 - t73; double t86 = t70 - t74;
        double t87 = t85 * -0.9238795325112868
                + t86 * -0.38268343236508967; double t88 = t86 * -0.9238795325112868 - t85 * -0.38268343236508967;
        double t89 = t9 + t53; double t90 = t10 + t54;
        double t91 = t9 - t53; double t92 = t10 - t54;
        double t93 = t31 + t75; double t94 = t32 + t76;
        double t95 = t32 - t76; double t96 = t75 - t31;
        double t97 = t89 + t93; double t98 = t90 + t94;
        double t99 = t89 - t93; double t100 = t90 - t94;
        double t101 = t99; double t102 = t100;
        double t103 = t91 + t95; double t104 = t92 + t96;
        double t105 = t103; double t106 = t104;
        double t107 = t91 - t95; double t108 = t92 - t96;
        double t109 = t107; double t110 = t108;
        double t111 = t13 + t57; double t112 = t14 + t58;
        double t113 = t13 - t57; double t114 = t14 - t58;
        double t115 = t35 + t79; double t116 = t36 + t80;
        double t117 = t36 - t80; double t118 = t79 - t35;
        double t119 = t111 + t115; double t120 = t112 + t116;
        double t121 = t111 - t115; double t122 = t112 - t116;
        double t123 = t121; double t124 = t122;
        double t125 = t113 + t117; double t126 = t114 + t118;
        double t127 = t125; double t128 = t126;
        double t129 = t113 - t117; double t130 = t114 - t118;
        double t131 = t129; double t132 = t130;
        double t133 = t17 + t61; double t134 = t18 + t62;
        double t135 = t17 - t61; double t136 = t18 - t62;
        double t137 = t39 + t83; double t138 = t40 + t84;
        double t139 = t40 - t84; double t140 = t83 - t39;
        double t141 = t133 + t137; double t142 = t134 + t138;
        double t143 = t133 - t137; double t144 = t134 - t138;
        double t145 = t143; double t146 = t144;
        double t147 = t135 + t139; double t148 = t136 + t140;
        double t149 = t147; double t150 = t148;
        double t151 = t135 - t139; double t152 = t136 - t140;
        double t153 = t151; double t154 = t152;
        double t155 = t21 + t65; double t156 = t22 + t66;
        double t157 = t21 - t65; double t158 = t22 - t66;
        double t159 = t43 + t87; double t160 = t44 + t88;
        double t161 = t44 - t88; double t162 = t87 - t43;
        double t163 = t155 + t159; double t164 = t156 + t160;
        double t165 = t155 - t159; double t166 = t156 - t160;
        double t167 = t165; double t168 = t166;
        double t169 = t157 + t161; double t170 = t158 + t162;
        double t171 = t169; double t172 = t170;
        double t173 = t157 - t161; double t174 = t158 - t162;
        double t175 = t173; double t176 = t174;
        d[p] = scale * t97;
        d[p + 1] = negScale * t98;
        d[p + 32] = scale * t101;
        d[p + 33] = negScale * t102;
        d[p + 64] = scale * t105;
        d[p + 65] = negScale * t106;
        d[p + 96] = scale * t109;
        d[p + 97] = negScale * t110;
        d[p + 128] = scale * t119;
        d[p + 129] = negScale * t120;
        d[p + 160] = scale * t123;
        d[p + 161] = negScale * t124;
        d[p + 192] = scale * t127;
        d[p + 193] = negScale * t128;
        d[p + 224] = scale * t131;
        d[p + 225] = negScale * t132;
        d[p + 256] = scale * t141;
        d[p + 257] = negScale * t142;
        d[p + 288] = scale * t145;
        d[p + 289] = negScale * t146;
        d[p + 320] = scale * t149;
        d[p + 321] = negScale * t150;
        d[p + 352] = scale * t153;
        d[p + 353] = negScale * t154;
        d[p + 384] = scale * t163;
        d[p + 385] = negScale * t164;
        d[p + 416] = scale * t167;
        d[p + 417] = negScale * t168;
        d[p + 448] = scale * t171;
        d[p + 449] = negScale * t172;
        d[p + 480] = scale * t175;
        d[p + 481] = negScale * t176;
    }

    /** The inverse of {@link #dif8}, scaled, as {@link #dif16Inverse}. */
    static void dif8Inverse(double[] a, int o, double scale) {
        double negScale = -scale;
        double r0 = a[o + 0];
        double i0 = -a[o + 1];
        double r1 = a[o + 2];
        double i1 = -a[o + 3];
        double r2 = a[o + 4];
        double i2 = -a[o + 5];
        double r3 = a[o + 6];
        double i3 = -a[o + 7];
        double r4 = a[o + 8];
        double i4 = -a[o + 9];
        double r5 = a[o + 10];
        double i5 = -a[o + 11];
        double r6 = a[o + 12];
        double i6 = -a[o + 13];
        double r7 = a[o + 14];
        double i7 = -a[o + 15];
        double t1 = r0 + r4; double t2 = i0 + i4;
        double t3 = r0 - r4; double t4 = i0 - i4;
        double t5 = r2 + r6; double t6 = i2 + i6;
        double t7 = i2 - i6; double t8 = r6 - r2;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r5; double t24 = i1 + i5;
        double t25 = r1 - r5; double t26 = i1 - i5;
        double t27 = r3 + r7; double t28 = i3 + i7;
        double t29 = i3 - i7; double t30 = r7 - r3;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t34; double t36 = -t33;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.7071067811865476
                + t38 * 0.7071067811865475; double t40 = t38 * 0.7071067811865476 - t37 * 0.7071067811865475;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * -0.7071067811865475
                + t42 * 0.7071067811865476; double t44 = t42 * -0.7071067811865475 - t41 * 0.7071067811865476;
        double t45 = t9 + t31; double t46 = t10 + t32;
        double t47 = t9 - t31; double t48 = t10 - t32;
        double t49 = t13 + t35; double t50 = t14 + t36;
        double t51 = t13 - t35; double t52 = t14 - t36;
        double t53 = t17 + t39; double t54 = t18 + t40;
        double t55 = t17 - t39; double t56 = t18 - t40;
        double t57 = t21 + t43; double t58 = t22 + t44;
        double t59 = t21 - t43; double t60 = t22 - t44;
        a[o + 0] = scale * t45;
        a[o + 1] = negScale * t46;
        a[o + 2] = scale * t47;
        a[o + 3] = negScale * t48;
        a[o + 4] = scale * t49;
        a[o + 5] = negScale * t50;
        a[o + 6] = scale * t51;
        a[o + 7] = negScale * t52;
        a[o + 8] = scale * t53;
        a[o + 9] = negScale * t54;
        a[o + 10] = scale * t55;
        a[o + 11] = negScale * t56;
        a[o + 12] = scale * t57;
        a[o + 13] = negScale * t58;
        a[o + 14] = scale * t59;
        a[o + 15] = negScale * t60;
    }

    /**
     * {@link #dif8} from {@code s} at double offset {@code o} into the buffer {@code d} of
     * {@link FinalPass}: output point {@code k} (bit-reversed order) to {@code d[p + 32 k]} and
     * {@code d[p + 32 k + 1]}.
     */
    static void dif8To(double[] s, int o, double[] d, int p) {
        double r0 = s[o + 0];
        double i0 = s[o + 1];
        double r1 = s[o + 2];
        double i1 = s[o + 3];
        double r2 = s[o + 4];
        double i2 = s[o + 5];
        double r3 = s[o + 6];
        double i3 = s[o + 7];
        double r4 = s[o + 8];
        double i4 = s[o + 9];
        double r5 = s[o + 10];
        double i5 = s[o + 11];
        double r6 = s[o + 12];
        double i6 = s[o + 13];
        double r7 = s[o + 14];
        double i7 = s[o + 15];
        double t1 = r0 + r4; double t2 = i0 + i4;
        double t3 = r0 - r4; double t4 = i0 - i4;
        double t5 = r2 + r6; double t6 = i2 + i6;
        double t7 = i2 - i6; double t8 = r6 - r2;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r5; double t24 = i1 + i5;
        double t25 = r1 - r5; double t26 = i1 - i5;
        double t27 = r3 + r7; double t28 = i3 + i7;
        double t29 = i3 - i7; double t30 = r7 - r3;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t34; double t36 = -t33;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.7071067811865476
                + t38 * 0.7071067811865475; double t40 = t38 * 0.7071067811865476 - t37 * 0.7071067811865475;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * -0.7071067811865475
                + t42 * 0.7071067811865476; double t44 = t42 * -0.7071067811865475 - t41 * 0.7071067811865476;
        double t45 = t9 + t31; double t46 = t10 + t32;
        double t47 = t9 - t31; double t48 = t10 - t32;
        double t49 = t13 + t35; double t50 = t14 + t36;
        double t51 = t13 - t35; double t52 = t14 - t36;
        double t53 = t17 + t39; double t54 = t18 + t40;
        double t55 = t17 - t39; double t56 = t18 - t40;
        double t57 = t21 + t43; double t58 = t22 + t44;
        double t59 = t21 - t43; double t60 = t22 - t44;
        d[p] = t45;
        d[p + 1] = t46;
        d[p + 32] = t47;
        d[p + 33] = t48;
        d[p + 64] = t49;
        d[p + 65] = t50;
        d[p + 96] = t51;
        d[p + 97] = t52;
        d[p + 128] = t53;
        d[p + 129] = t54;
        d[p + 160] = t55;
        d[p + 161] = t56;
        d[p + 192] = t57;
        d[p + 193] = t58;
        d[p + 224] = t59;
        d[p + 225] = t60;
    }

    /** {@link #dif8Inverse} from {@code s} into the buffer {@code d}, as {@link #dif8To}. */
    static void dif8InverseTo(double[] s, int o, double[] d, int p, double scale) {
        double negScale = -scale;
        double r0 = s[o + 0];
        double i0 = -s[o + 1];
        double r1 = s[o + 2];
        double i1 = -s[o + 3];
        double r2 = s[o + 4];
        double i2 = -s[o + 5];
        double r3 = s[o + 6];
        double i3 = -s[o + 7];
        double r4 = s[o + 8];
        double i4 = -s[o + 9];
        double r5 = s[o + 10];
        double i5 = -s[o + 11];
        double r6 = s[o + 12];
        double i6 = -s[o + 13];
        double r7 = s[o + 14];
        double i7 = -s[o + 15];
        double t1 = r0 + r4; double t2 = i0 + i4;
        double t3 = r0 - r4; double t4 = i0 - i4;
        double t5 = r2 + r6; double t6 = i2 + i6;
        double t7 = i2 - i6; double t8 = r6 - r2;
        double t9 = t1 + t5; double t10 = t2 + t6;
        double t11 = t1 - t5; double t12 = t2 - t6;
        double t13 = t11; double t14 = t12;
        double t15 = t3 + t7; double t16 = t4 + t8;
        double t17 = t15; double t18 = t16;
        double t19 = t3 - t7; double t20 = t4 - t8;
        double t21 = t19; double t22 = t20;
        double t23 = r1 + r5; double t24 = i1 + i5;
        double t25 = r1 - r5; double t26 = i1 - i5;
        double t27 = r3 + r7; double t28 = i3 + i7;
        double t29 = i3 - i7; double t30 = r7 - r3;
        double t31 = t23 + t27; double t32 = t24 + t28;
        double t33 = t23 - t27; double t34 = t24 - t28;
        double t35 = t34; double t36 = -t33;
        double t37 = t25 + t29; double t38 = t26 + t30;
        double t39 = t37 * 0.7071067811865476
                + t38 * 0.7071067811865475; double t40 = t38 * 0.7071067811865476 - t37 * 0.7071067811865475;
        double t41 = t25 - t29; double t42 = t26 - t30;
        double t43 = t41 * -0.7071067811865475
                + t42 * 0.7071067811865476; double t44 = t42 * -0.7071067811865475 - t41 * 0.7071067811865476;
        double t45 = t9 + t31; double t46 = t10 + t32;
        double t47 = t9 - t31; double t48 = t10 - t32;
        double t49 = t13 + t35; double t50 = t14 + t36;
        double t51 = t13 - t35; double t52 = t14 - t36;
        double t53 = t17 + t39; double t54 = t18 + t40;
        double t55 = t17 - t39; double t56 = t18 - t40;
        double t57 = t21 + t43; double t58 = t22 + t44;
        double t59 = t21 - t43; double t60 = t22 - t44;
        d[p] = scale * t45;
        d[p + 1] = negScale * t46;
        d[p + 32] = scale * t47;
        d[p + 33] = negScale * t48;
        d[p + 64] = scale * t49;
        d[p + 65] = negScale * t50;
        d[p + 96] = scale * t51;
        d[p + 97] = negScale * t52;
        d[p + 128] = scale * t53;
        d[p + 129] = negScale * t54;
        d[p + 160] = scale * t55;
        d[p + 161] = negScale * t56;
        d[p + 192] = scale * t57;
        d[p + 193] = negScale * t58;
        d[p + 224] = scale * t59;
        d[p + 225] = negScale * t60;
    }

    /** DIF of the 4 complex points at double offset {@code o}: one radix-4 butterfly, twiddles 1. */
    static void dif4(double[] a, int o) {
        double r0 = a[o];
        double i0 = a[o + 1];
        double r1 = a[o + 2];
        double i1 = a[o + 3];
        double r2 = a[o + 4];
        double i2 = a[o + 5];
        double r3 = a[o + 6];
        double i3 = a[o + 7];
        double tr0 = r0 + r2;
        double ti0 = i0 + i2;
        double tr1 = r0 - r2;
        double ti1 = i0 - i2;
        double tr2 = r1 + r3;
        double ti2 = i1 + i3;
        double tr3 = i1 - i3;
        double ti3 = r3 - r1;
        a[o] = tr0 + tr2;
        a[o + 1] = ti0 + ti2;
        a[o + 2] = tr0 - tr2;
        a[o + 3] = ti0 - ti2;
        a[o + 4] = tr1 + tr3;
        a[o + 5] = ti1 + ti3;
        a[o + 6] = tr1 - tr3;
        a[o + 7] = ti1 - ti3;
    }
}
