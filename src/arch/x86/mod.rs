//! x86 and x86-64 kernels of 16- and 32-byte vectors: SSE4.2 and AVX2.

#[cfg(target_arch = "x86")]
use core::arch::x86::{__m128i, __m256i};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{__m128i, __m256i};

use crate::generic::vectors::Vectors;

mod avx2;
mod sse42;

/// The SSE4.2 kernel: the generic vector algorithms over `__m128i`.
pub(crate) type Sse42 = Vectors<__m128i, __m128i>;

/// The AVX2 kernel: `__m256i`, with `__m128i` for inputs under one block.
pub(crate) type Avx2 = Vectors<__m256i, __m128i>;
