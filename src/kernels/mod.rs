//! The algorithms, each written once: generic over [`ByteVector`](crate::simd::ByteVector)
//! for the SIMD kernels, plus the fast scalar kernel. The per-ISA function tables
//! the dispatcher chooses from are stamped out here by one macro, inside
//! `#[target_feature]` functions, so the generic code is compiled once per ISA.

#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod from_utf16;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod from_utf8;
pub(crate) mod scalar;
pub(crate) mod transcode;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod utf16;
pub(crate) mod utf8;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod vector;
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod wide;

use crate::dispatch::Table;
use crate::Kernel;

/// The scalar kernel's table. Safe functions coerce to the table's `unsafe fn`s.
pub(crate) static SCALAR: Table = Table {
    kernel: Kernel::Scalar,
    validate_utf8: scalar::validate,
    check_utf8: scalar::check,
    flag_utf8: scalar::flag_errors,
    transcode: &scalar_transcode::TRANSCODERS,
};

/// The scalar kernel's transcoders: the portable code, compiled for the baseline.
mod scalar_transcode {
    super::transcode::transcoders!(crate::kernels::transcode::Portable);
}

/// Instantiates the generic algorithms for one vector type inside functions
/// compiled for `$features`, and collects them into that kernel's [`Table`].
/// Inputs shorter than one block use `$short`, a 16-byte vector, so that they
/// need no padded copy.
macro_rules! simd_kernel {
    ($module:ident, $kernel:expr, $vector:ty, $short:ty, $features:literal) => {
        pub(crate) mod $module {
            use super::{utf8, Kernel, Table};
            use crate::error::Utf8Error;

            /// # Safety
            /// The CPU supports the kernel's features.
            #[target_feature(enable = $features)]
            unsafe fn validate_utf8(src: &[u8]) -> bool {
                // SAFETY: this function is compiled for, and only called on, the ISA.
                unsafe {
                    if src.len() < utf8::BLOCK {
                        utf8::validate::<$short>(src)
                    } else {
                        utf8::validate::<$vector>(src)
                    }
                }
            }

            /// # Safety
            /// The CPU supports the kernel's features.
            #[target_feature(enable = $features)]
            unsafe fn check_utf8(src: &[u8]) -> Result<(), Utf8Error> {
                // SAFETY: this function is compiled for, and only called on, the ISA.
                unsafe {
                    if src.len() < utf8::BLOCK {
                        utf8::check::<$short>(src)
                    } else {
                        utf8::check::<$vector>(src)
                    }
                }
            }

            /// # Safety
            /// The CPU supports the kernel's features.
            #[target_feature(enable = $features)]
            unsafe fn flag_utf8(src: &[u8], out: &mut [(u32, u32)]) -> usize {
                // SAFETY: this function is compiled for, and only called on, the ISA.
                unsafe {
                    if src.len() < utf8::BLOCK {
                        utf8::flag_errors::<$short>(src, out)
                    } else {
                        utf8::flag_errors::<$vector>(src, out)
                    }
                }
            }

            crate::kernels::transcode::transcoders!(
                crate::kernels::vector::Vectors<$vector, $short>,
                #[target_feature(enable = $features)]
            );

            pub(crate) static TABLE: Table = Table {
                kernel: $kernel,
                validate_utf8,
                check_utf8,
                flag_utf8,
                transcode: &TRANSCODERS,
            };
        }
    };
}

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        simd_kernel!(sse42, Kernel::Sse42, core::arch::x86_64::__m128i, core::arch::x86_64::__m128i, "sse4.2,popcnt");
        simd_kernel!(avx2, Kernel::Avx2, core::arch::x86_64::__m256i, core::arch::x86_64::__m128i, "avx2,popcnt");
        simd_kernel!(
            avx512,
            Kernel::Avx512,
            core::arch::x86_64::__m512i,
            core::arch::x86_64::__m128i,
            "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi1,bmi2,popcnt,lzcnt"
        );
    } else if #[cfg(target_arch = "x86")] {
        simd_kernel!(sse42, Kernel::Sse42, core::arch::x86::__m128i, core::arch::x86::__m128i, "sse4.2,popcnt");
        simd_kernel!(avx2, Kernel::Avx2, core::arch::x86::__m256i, core::arch::x86::__m128i, "avx2,popcnt");
    } else if #[cfg(target_arch = "aarch64")] {
        simd_kernel!(neon, Kernel::Neon, core::arch::aarch64::uint8x16_t, core::arch::aarch64::uint8x16_t, "neon");
    }
}
