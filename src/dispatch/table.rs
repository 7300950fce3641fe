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
            /// The implementation's [`Algorithms::SHORT_UTF8_IN_ONE_VECTOR`].
            pub(crate) short_utf8_in_one_vector: bool,
            /// The implementation's [`Algorithms::SHORT_STEPS_TO_UTF8`].
            pub(crate) short_steps_to_utf8: bool,
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

/// Compiles the implementation `$imp` into a table `$table` for `$kernel` on
/// the architecture `$arch`: each operation a function compiled by
/// `multiversion::target` for the kernel's target string (`"x86_64+avx2+popcnt"`),
/// so that everything it inlines (the portable algorithms too) may use those
/// features; and `supported()`, multiversion's detection of that same target.
macro_rules! simd_table {
    (($table:ident, $kernel:ident, $imp:ty, $arch:tt, $target:tt)
     $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        #[cfg(target_arch = $arch)]
        #[allow(non_snake_case)]
        pub(super) mod $table {
            use super::*;

            /// True when the CPU has every feature of the target (detected at run
            /// time with `std`, else enabled at compile time): the clone compiled
            /// for the target answers yes, the fallback no.
            // Where the target's features are all enabled at compile time
            // (NEON on aarch64), multiversion calls its clone never: allowed.
            #[allow(dead_code)]
            #[multiversion::multiversion(targets($target))]
            pub(in crate::dispatch) fn supported() -> bool {
                multiversion::target::match_target! {
                    $target => true,
                    _ => false,
                }
            }
            $(
                /// # Safety
                /// The CPU supports the kernel's features.
                #[multiversion::target($target)]
                pub(super) unsafe fn $name($($arg: $ty),*) -> $ret {
                    // SAFETY: this function is compiled for, and only called on, the
                    // kernel's instruction set.
                    unsafe { <$imp as Algorithms>::$name($($arg),*) }
                }
            )*
        }

        #[cfg(target_arch = $arch)]
        pub(crate) static $table: Table = Table {
            kernel: Kernel::$kernel,
            short_utf8_in_one_vector: <$imp as Algorithms>::SHORT_UTF8_IN_ONE_VECTOR,
            short_steps_to_utf8: <$imp as Algorithms>::SHORT_STEPS_TO_UTF8,
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
            short_utf8_in_one_vector: <crate::generic::Portable as Algorithms>::SHORT_UTF8_IN_ONE_VECTOR,
            short_steps_to_utf8: <crate::generic::Portable as Algorithms>::SHORT_STEPS_TO_UTF8,
            $($name: <crate::generic::Portable as Algorithms>::$name,)*
        };
    };
}

operations!(scalar_table!(SCALAR));

/// The table the dispatcher starts with: each entry chooses the kernel (once,
/// [`active_runtime`](super::active_runtime)) and forwards its call to it. The
/// free functions call through the cached pointer without testing it first,
/// so that nothing of a call waits on a test and a call made only the first
/// time: with the test, every caller kept its arguments alive across that
/// call (registers saved and restored on every short call).
#[cfg(feature = "std")]
macro_rules! detect_table {
    (($table:ident)
     $($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $portable:path;)*) => {
        #[allow(non_snake_case)]
        mod $table {
            $(
                /// Chooses the kernel, then runs its entry.
                ///
                /// # Safety
                /// None needed: the chosen kernel runs on this CPU.
                #[cold]
                pub(super) unsafe fn $name($($arg: $ty),*) -> $ret {
                    super::super::active_runtime().ops().$name($($arg),*)
                }
            )*
        }

        /// [`detect_table`]'s table. Its `kernel` is never read: an engine
        /// holding it is made only for one call of a free function.
        pub(crate) static $table: Table = Table {
            kernel: Kernel::Scalar,
            short_utf8_in_one_vector: false,
            short_steps_to_utf8: false,
            $($name: $table::$name,)*
        };
    };
}

#[cfg(feature = "std")]
operations!(detect_table!(DETECT));

/// One table per kernel and architecture of the kernel list.
macro_rules! kernel_tables {
    (() $($kernel:ident $name:literal $table:ident $imp:ty { $($arch:tt => $target:tt,)* })*) => {
        $($(operations!(simd_table!($table, $kernel, $imp, $arch, $target));)*)*
    };
}

kernels!(kernel_tables!());
