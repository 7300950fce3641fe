//! Kernel selection: [`Kernel`] names an implementation, [`Engine`] holds one
//! kernel's function table, and [`Engine::active`] is the one the free functions use.
//!
//! With `std`, the first call detects the CPU (honouring `UTFAST_KERNEL`), and caches
//! a pointer to the chosen table in an atomic; afterwards a call costs one load and
//! one indirect call. When the best kernel of the target architecture is enabled at
//! compile time (AVX-512 on x86-64 with `-C target-cpu=...` of such a CPU; NEON,
//! always, on AArch64), or without `std`, the choice is made at compile time and the
//! dispatch compiles away.

mod table;

pub(crate) use table::Ops;
use table::Table;

use crate::error::{UnsupportedKernel, Utf8Error};

/// A UTF-8 validation and transcoding implementation.
///
/// ```
/// use utfast::{Engine, Kernel};
/// for &kernel in Kernel::ALL {
///     if let Ok(engine) = Engine::new(kernel) {
///         assert!(engine.validate_utf8("déjà vu".as_bytes()));
///     }
/// }
/// assert_eq!(Kernel::Sse42.name(), "sse4.2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Kernel {
    /// Portable scalar code; runs everywhere.
    Scalar,
    /// x86 with SSE4.2 (16-byte vectors) and POPCNT.
    Sse42,
    /// x86 with AVX2 (32-byte vectors) and POPCNT.
    Avx2,
    /// x86-64 with AVX-512 F, BW, VL, VBMI, VBMI2 (64-byte vectors), BMI1/2, POPCNT
    /// and LZCNT.
    Avx512,
    /// AArch64 with NEON (16-byte vectors).
    Neon,
}

impl Kernel {
    /// Every kernel, available or not, in order of preference within an architecture.
    pub const ALL: &'static [Kernel] = &[
        Kernel::Scalar,
        Kernel::Sse42,
        Kernel::Avx2,
        Kernel::Avx512,
        Kernel::Neon,
    ];

    /// The kernel's name: `"scalar"`, `"sse4.2"`, `"avx2"`, `"avx512"`, `"neon"`.
    ///
    /// ```
    /// assert_eq!(utfast::Kernel::Avx512.name(), "avx512");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Sse42 => "sse4.2",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
            Kernel::Neon => "neon",
        }
    }

    /// The kernel with this name, as accepted by `UTFAST_KERNEL`: the names of
    /// [`Kernel::name`], case-insensitive, `sse42` also accepted.
    ///
    /// ```
    /// use utfast::Kernel;
    /// assert_eq!(Kernel::from_name("AVX2"), Some(Kernel::Avx2));
    /// assert_eq!(Kernel::from_name("sse42"), Some(Kernel::Sse42));
    /// assert_eq!(Kernel::from_name("mmx"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Kernel> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("sse42") {
            return Some(Kernel::Sse42);
        }
        Kernel::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The CPU features the kernel needs, as `is_x86_feature_detected!` spells them.
    ///
    /// ```
    /// assert_eq!(utfast::Kernel::Avx2.required_features(), "avx2, popcnt");
    /// ```
    pub fn required_features(self) -> &'static str {
        match self {
            Kernel::Scalar => "nothing",
            Kernel::Sse42 => "sse4.2, popcnt",
            Kernel::Avx2 => "avx2, popcnt",
            Kernel::Avx512 => {
                "avx512f, avx512bw, avx512vl, avx512vbmi, avx512vbmi2, bmi1, bmi2, popcnt, lzcnt"
            }
            Kernel::Neon => "neon",
        }
    }

    /// True when this build contains the kernel and this CPU can run it.
    ///
    /// ```
    /// assert!(utfast::Kernel::Scalar.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        self.table().is_some() && cpu_supports(self)
    }

    /// The kernels this build contains and this CPU can run, scalar first.
    ///
    /// ```
    /// assert_eq!(utfast::Kernel::available().next(), Some(utfast::Kernel::Scalar));
    /// ```
    pub fn available() -> impl Iterator<Item = Kernel> {
        Kernel::ALL.iter().copied().filter(|k| k.is_available())
    }

    /// The fastest available kernel, ignoring `UTFAST_KERNEL`.
    ///
    /// ```
    /// assert!(utfast::Kernel::detect().is_available());
    /// ```
    pub fn detect() -> Kernel {
        Kernel::available().last().unwrap_or(Kernel::Scalar)
    }

    /// The kernel's function table, when the kernel is compiled into this build.
    fn table(self) -> Option<&'static Table> {
        match self {
            Kernel::Scalar => Some(&table::SCALAR),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Kernel::Sse42 => Some(&table::SSE42),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Kernel::Avx2 => Some(&table::AVX2),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => Some(&table::AVX512),
            #[cfg(target_arch = "aarch64")]
            Kernel::Neon => Some(&table::NEON),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl core::fmt::Display for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether the CPU has the kernel's features: detected at run time with `std`,
/// otherwise whether they are enabled at compile time.
#[allow(unreachable_code)]
fn cpu_supports(kernel: Kernel) -> bool {
    #[cfg(all(feature = "std", any(target_arch = "x86", target_arch = "x86_64")))]
    {
        use std::is_x86_feature_detected as has;
        return match kernel {
            Kernel::Scalar => true,
            Kernel::Sse42 => has!("sse4.2") && has!("popcnt"),
            Kernel::Avx2 => has!("avx2") && has!("popcnt"),
            Kernel::Avx512 => {
                has!("avx512f")
                    && has!("avx512bw")
                    && has!("avx512vl")
                    && has!("avx512vbmi")
                    && has!("avx512vbmi2")
                    && has!("bmi1")
                    && has!("bmi2")
                    && has!("popcnt")
                    && has!("lzcnt")
            }
            Kernel::Neon => false,
        };
    }
    #[cfg(all(feature = "std", target_arch = "aarch64"))]
    {
        return match kernel {
            Kernel::Scalar => true,
            Kernel::Neon => std::arch::is_aarch64_feature_detected!("neon"),
            _ => false,
        };
    }
    compiled_for(kernel)
}

/// Whether the kernel's features are all enabled at compile time.
const fn compiled_for(kernel: Kernel) -> bool {
    match kernel {
        Kernel::Scalar => true,
        Kernel::Sse42 => cfg!(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            target_feature = "sse4.2",
            target_feature = "popcnt"
        )),
        Kernel::Avx2 => cfg!(all(
            any(target_arch = "x86", target_arch = "x86_64"),
            target_feature = "avx2",
            target_feature = "popcnt"
        )),
        Kernel::Avx512 => cfg!(all(
            target_arch = "x86_64",
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vl",
            target_feature = "avx512vbmi",
            target_feature = "avx512vbmi2",
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "popcnt",
            target_feature = "lzcnt"
        )),
        Kernel::Neon => cfg!(all(target_arch = "aarch64", target_feature = "neon")),
    }
}

/// The kernel fixed at compile time, if any: without `std`, the best one whose
/// features are enabled; with `std`, only when that is the architecture's best
/// kernel, since run-time detection could find nothing better.
const fn static_kernel() -> Option<Kernel> {
    let best = if compiled_for(Kernel::Avx512) {
        Kernel::Avx512
    } else if compiled_for(Kernel::Neon) {
        Kernel::Neon
    } else if compiled_for(Kernel::Avx2) {
        Kernel::Avx2
    } else if compiled_for(Kernel::Sse42) {
        Kernel::Sse42
    } else {
        Kernel::Scalar
    };
    if cfg!(feature = "std") && !matches!(best, Kernel::Avx512 | Kernel::Neon) {
        None
    } else {
        Some(best)
    }
}

/// A kernel ready to run: a handle on its function table. `Copy`, one pointer wide.
///
/// The free functions of the crate use [`Engine::active`]; tests and benchmarks
/// create one engine per kernel with [`Engine::new`] to compare them.
///
/// ```
/// use utfast::{Engine, Kernel};
/// let scalar = Engine::new(Kernel::Scalar).unwrap();
/// let best = Engine::active();
/// let text = "Grüße, 世界! 🎉".as_bytes();
/// assert_eq!(scalar.from_utf8(text), best.from_utf8(text));
/// ```
#[derive(Clone, Copy)]
pub struct Engine {
    table: &'static Table,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("kernel", &self.kernel())
            .finish()
    }
}

impl PartialEq for Engine {
    fn eq(&self, other: &Engine) -> bool {
        self.kernel() == other.kernel()
    }
}

impl Eq for Engine {}

impl Engine {
    /// An engine running `kernel`, or an error when this build does not contain it
    /// (another architecture) or this CPU lacks its features.
    ///
    /// ```
    /// use utfast::{Engine, Kernel};
    /// let engine = Engine::new(Kernel::Scalar).unwrap();
    /// assert_eq!(engine.kernel(), Kernel::Scalar);
    /// ```
    pub fn new(kernel: Kernel) -> Result<Engine, UnsupportedKernel> {
        match kernel.table() {
            None => Err(UnsupportedKernel {
                kernel,
                compiled_in: false,
            }),
            Some(_) if !cpu_supports(kernel) => Err(UnsupportedKernel {
                kernel,
                compiled_in: true,
            }),
            Some(table) => Ok(Engine { table }),
        }
    }

    /// The engine the free functions use: the fastest kernel for this CPU, or the
    /// one `UTFAST_KERNEL` names when it is available (an unknown or unavailable
    /// name is ignored). Detection runs once; later calls read a cached pointer.
    ///
    /// ```
    /// let engine = utfast::Engine::active();
    /// assert!(engine.kernel().is_available());
    /// ```
    #[inline]
    pub fn active() -> Engine {
        if let Some(kernel) = const { static_kernel() } {
            if let Some(table) = kernel.table() {
                return Engine { table };
            }
        }
        active_runtime()
    }

    /// The kernel this engine runs.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::new(utfast::Kernel::Scalar).unwrap().kernel().name(), "scalar");
    /// ```
    pub fn kernel(&self) -> Kernel {
        self.table.kernel
    }

    /// True when `src` is valid UTF-8. The fastest check; use
    /// [`Engine::from_utf8`] to learn where and why it is not.
    ///
    /// ```
    /// let engine = utfast::Engine::active();
    /// assert!(engine.validate_utf8("½ + ¼ = ¾".as_bytes()));
    /// assert!(!engine.validate_utf8(b"\xC0\x80"));
    /// ```
    #[inline]
    pub fn validate_utf8(&self, src: &[u8]) -> bool {
        self.ops().validate_utf8(src)
    }

    /// Validates `src` and returns it as `&str`, or the error `std::str::from_utf8`
    /// would report (same `valid_up_to` and `error_len`), with its kind.
    ///
    /// ```
    /// let engine = utfast::Engine::active();
    /// assert_eq!(engine.from_utf8(b"caf\xC3\xA9"), Ok("café"));
    /// assert_eq!(engine.from_utf8(b"caf\xC3").unwrap_err().valid_up_to(), 3);
    /// ```
    #[inline]
    pub fn from_utf8<'a>(&self, src: &'a [u8]) -> Result<&'a str, Utf8Error> {
        self.ops().check_utf8(src)?;
        // SAFETY: the kernel, checked against the reference, found `src` valid.
        Ok(unsafe { core::str::from_utf8_unchecked(src) })
    }

    /// Like [`Engine::from_utf8`], for a mutable slice.
    ///
    /// ```
    /// let mut bytes = *b"abc";
    /// let s = utfast::Engine::active().from_utf8_mut(&mut bytes).unwrap();
    /// s.make_ascii_uppercase();
    /// assert_eq!(s, "ABC");
    /// ```
    #[inline]
    pub fn from_utf8_mut<'a>(&self, src: &'a mut [u8]) -> Result<&'a mut str, Utf8Error> {
        self.ops().check_utf8(src)?;
        // SAFETY: the kernel, checked against the reference, found `src` valid.
        Ok(unsafe { core::str::from_utf8_unchecked_mut(src) })
    }

    /// The kernel's operations (see `operations`), safe to call: an `Engine`
    /// exists only for a kernel this CPU supports.
    #[inline]
    pub(crate) fn ops(&self) -> Ops {
        Ops(self.table)
    }
}

#[cfg(feature = "std")]
static ACTIVE: core::sync::atomic::AtomicPtr<Table> =
    core::sync::atomic::AtomicPtr::new(core::ptr::null_mut());

/// The cached run-time choice, made on first use.
#[cfg(feature = "std")]
#[inline]
fn active_runtime() -> Engine {
    use core::sync::atomic::Ordering;
    let cached = ACTIVE.load(Ordering::Acquire);
    if !cached.is_null() {
        // SAFETY: ACTIVE only ever holds pointers to `'static` tables of kernels
        // this CPU supports (stored below).
        return Engine {
            table: unsafe { &*cached },
        };
    }
    choose_and_cache()
}

#[cfg(feature = "std")]
#[cold]
fn choose_and_cache() -> Engine {
    use core::sync::atomic::Ordering;
    let forced = std::env::var("UTFAST_KERNEL")
        .ok()
        .and_then(|name| Kernel::from_name(&name))
        .and_then(|kernel| Engine::new(kernel).ok());
    let engine = forced
        .or_else(|| Engine::new(Kernel::detect()).ok())
        .unwrap_or(Engine {
            table: &table::SCALAR,
        });
    let table: *const Table = engine.table;
    ACTIVE.store(table.cast_mut(), Ordering::Release);
    engine
}

#[cfg(not(feature = "std"))]
fn active_runtime() -> Engine {
    // Without std `static_kernel` always chooses, so this is never reached; scalar
    // is the safe answer regardless.
    Engine {
        table: &table::SCALAR,
    }
}
