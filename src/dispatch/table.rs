//! The function tables, derived from the operation list: the [`Table`] type, one
//! static table per kernel (each ISA's implementation compiled inside
//! `#[target_feature]` functions), and [`Ops`], the safe way to call a table.

use super::Kernel;
use crate::operations::{operations, Algorithms};

/// Derives [`Table`] and [`Ops`] from the list.
macro_rules! table_and_ops {
    (() $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        /// One kernel's entry points. The functions are `unsafe` because they may
        /// use instructions the CPU lacks; an [`Engine`](super::Engine) holds a
        /// table only after checking.
        pub(crate) struct Table {
            pub(crate) kernel: Kernel,
            $(
                $(#[$doc])*
                pub(crate) $name: unsafe fn($($ty),*) -> $ret,
            )*
        }

        impl Ops {
            $(
                $(#[$doc])*
                #[inline]
                #[allow(dead_code)] // not every build (features) uses every operation
                pub(crate) fn $name(self, $($arg: $ty),*) -> $ret {
                    // SAFETY: an `Ops` is made only from an `Engine`, which exists
                    // only for a kernel this CPU supports; the kernels accept any
                    // input and output slices (see `operations`).
                    unsafe { (self.0.$name)($($arg),*) }
                }
            )*
        }
    };
}

operations!(table_and_ops!());

/// A kernel's operations, safe to call: made by [`Engine::ops`](super::Engine::ops)
/// only, so the CPU supports the kernel. `Copy`, one pointer wide.
#[derive(Clone, Copy)]
pub(crate) struct Ops(pub(super) &'static Table);

/// Compiles the implementation `$imp` into a table `$table` for `$kernel`: each
/// operation a function compiled with `#[target_feature(enable = $features)]`.
macro_rules! simd_table {
    (($table:ident, $kernel:expr, $imp:ty, $features:literal)
     $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        #[allow(non_snake_case)]
        mod $table {
            use super::*;
            $(
                /// # Safety
                /// The CPU supports the kernel's features.
                #[target_feature(enable = $features)]
                pub(super) unsafe fn $name($($arg: $ty),*) -> $ret {
                    // SAFETY: this function is compiled for, and only called on, the
                    // kernel's instruction set.
                    unsafe { <$imp as Algorithms>::$name($($arg),*) }
                }
            )*
        }

        pub(crate) static $table: Table = Table {
            kernel: $kernel,
            $($name: $table::$name,)*
        };
    };
}

/// The scalar kernel's table: the portable algorithms, compiled for the baseline.
macro_rules! scalar_table {
    (($table:ident)
     $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        pub(crate) static $table: Table = Table {
            kernel: Kernel::Scalar,
            $($name: <crate::generic::Portable as Algorithms>::$name,)*
        };
    };
}

operations!(scalar_table!(SCALAR));

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        operations!(simd_table!(SSE42, Kernel::Sse42, crate::arch::x86::Sse42, "sse4.2,popcnt"));
        operations!(simd_table!(AVX2, Kernel::Avx2, crate::arch::x86::Avx2, "avx2,popcnt"));
        operations!(simd_table!(
            AVX512,
            Kernel::Avx512,
            crate::arch::x86_64::Avx512,
            "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi1,bmi2,popcnt,lzcnt"
        ));
    } else if #[cfg(target_arch = "x86")] {
        operations!(simd_table!(SSE42, Kernel::Sse42, crate::arch::x86::Sse42, "sse4.2,popcnt"));
        operations!(simd_table!(AVX2, Kernel::Avx2, crate::arch::x86::Avx2, "avx2,popcnt"));
    } else if #[cfg(target_arch = "aarch64")] {
        operations!(simd_table!(NEON, Kernel::Neon, crate::arch::aarch64::Neon, "neon"));
    }
}
