//! x86-64 only kernels: AVX-512.

use core::arch::x86_64::{__m128i, __m512i};

use crate::generic::vectors::Vectors;

mod avx512;

/// The AVX-512 kernel: `__m512i` with its [`Wide`](crate::generic::wide::Wide)
/// block conversions, `__m128i` for inputs under one block.
pub(crate) type Avx512 = Vectors<__m512i, __m128i>;
