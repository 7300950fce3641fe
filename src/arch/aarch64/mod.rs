//! AArch64 kernels: NEON.

use core::arch::aarch64::uint8x16_t;

use crate::generic::vectors::Vectors;

mod neon;

/// The NEON kernel: the generic vector algorithms over `uint8x16_t`.
pub(crate) type Neon = Vectors<uint8x16_t, uint8x16_t>;
