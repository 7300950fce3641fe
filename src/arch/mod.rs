//! All of one instruction set's code in one folder: the vector traits' impls
//! (`ByteVector`, `Simd128`, `Wide`), the fast paths only that ISA has, and the
//! implementation type the dispatcher compiles into that kernel's table.
//! Algorithms are not written here but once, in [`generic`](crate::generic); the
//! scalar kernel's own fast UTF-8 check, a shift DFA, is [`dfa`].

pub(crate) mod dfa;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(crate) mod x86;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
