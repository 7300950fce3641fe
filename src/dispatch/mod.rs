//! Kernel selection: [`Kernel`] names an implementation, [`Engine`] holds one
//! kernel's function table, and [`Engine::active`] is the one the free functions use.
//!
//! Every kernel is listed once, in `kernels!`, with the `multiversion` target
//! string of each architecture it runs on (`"x86_64+avx2+popcnt"`). From that
//! string come both the kernel's table (every operation compiled by
//! `multiversion::target` for those features: the hand-written intrinsics and the
//! plain Rust they inline alike) and its detection (a `#[multiversion]` function
//! whose clone for the target answers yes). See ARCHITECTURE.md, "Two dispatch
//! mechanisms".
//!
//! With `std`, the first call detects the CPU (honouring `UTFAST_KERNEL`), and caches
//! a pointer to the chosen table in an atomic; afterwards a call costs one load and
//! one indirect call. Without `std`, the choice is made at compile time from the
//! enabled target features.

/// Calls `$callback! { ($extra) rows }` with every kernel but the scalar one as a
/// row `Variant "name" TABLE implementation { "arch" => "multiversion target", }`.
/// The target string is the one place a kernel's CPU features are written.
macro_rules! kernels {
    ($callback:ident! $extra:tt) => {
        $callback! { $extra
            Sse42 "sse4.2" SSE42 crate::arch::x86::Sse42 {
                "x86_64" => "x86_64+sse4.2+popcnt",
                "x86" => "x86+sse4.2+popcnt",
            }
            Avx2 "avx2" AVX2 crate::arch::x86::Avx2 {
                "x86_64" => "x86_64+avx2+popcnt",
                "x86" => "x86+avx2+popcnt",
            }
            // Ice Lake's AVX-512 set (multiversion's choice for any AVX-512 target:
            // VBMI2 implies it on every CPU made), BMI1/2, POPCNT and LZCNT.
            Avx512 "avx512" AVX512 crate::arch::x86_64::Avx512 {
                "x86_64" => "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx512vbmi+avx512vbmi2+avx512vpopcntdq+avx512bitalg+avx512ifma+avx512vnni+gfni+vaes+vpclmulqdq+bmi1+bmi2+popcnt+lzcnt",
            }
            Neon "neon" NEON crate::arch::aarch64::Neon {
                "aarch64" => "aarch64+neon",
            }
        }
    };
}

mod table;

pub(crate) use table::Ops;
use table::Table;

use core::fmt;

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
        self.listed().0
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

    /// The CPU features the kernel needs, joined by `+` as `is_x86_feature_detected!`
    /// spells them (on this architecture, if the kernel runs on several), or
    /// `"nothing"`.
    ///
    /// ```
    /// assert_eq!(utfast::Kernel::Avx2.required_features(), "avx2+popcnt");
    /// assert_eq!(utfast::Kernel::Scalar.required_features(), "nothing");
    /// ```
    pub fn required_features(self) -> &'static str {
        let (_, targets) = self.listed();
        let target = self.target().or(targets.first().map(|&(_, target)| target));
        target
            .and_then(|target| target.split_once('+'))
            .map_or("nothing", |(_, features)| features)
    }

    /// True when this build contains the kernel and this CPU can run it.
    ///
    /// ```
    /// assert!(utfast::Kernel::Scalar.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        self.table().is_some() && self.cpu_supports()
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
}

/// Derives from the kernel list each kernel's name, targets, table and detection.
macro_rules! kernel_facts {
    (() $($kernel:ident $name:literal $table:ident $imp:ty { $($arch:tt => $target:tt,)* })*) => {
        impl Kernel {
            /// The kernel's name and its `(architecture, multiversion target)` list.
            fn listed(self) -> (&'static str, &'static [(&'static str, &'static str)]) {
                match self {
                    Kernel::Scalar => ("scalar", &[]),
                    $(Kernel::$kernel => ($name, &[$(($arch, $target)),*]),)*
                }
            }

            /// The kernel's multiversion target on this architecture, if it has one.
            fn target(self) -> Option<&'static str> {
                match self {
                    $($(#[cfg(target_arch = $arch)] Kernel::$kernel => Some($target),)*)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// The kernel's function table, when the kernel is compiled into this build.
            fn table(self) -> Option<&'static Table> {
                match self {
                    Kernel::Scalar => Some(&table::SCALAR),
                    $($(#[cfg(target_arch = $arch)] Kernel::$kernel => Some(&table::$table),)*)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// Whether the CPU has the kernel's features (multiversion's detection of
            /// the kernel's target: at run time with `std`, else at compile time).
            fn cpu_supports(self) -> bool {
                match self {
                    Kernel::Scalar => true,
                    $($(#[cfg(target_arch = $arch)] Kernel::$kernel => table::$table::supported(),)*)*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }
    };
}

kernels!(kernel_facts!());

impl core::fmt::Display for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
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
            Some(_) if !kernel.cpu_supports() => Err(UnsupportedKernel {
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
        active_runtime()
    }

    /// The active engine once the run-time choice is made (by any earlier call
    /// of a free function or of [`Engine::active`]), `None` before: one load,
    /// no detection. For a wrapper (a C or Python binding) whose every call
    /// must stay small: `chosen()` on the common path, the free function on
    /// the rare one, so that the choice's call never sits on the path that
    /// converts.
    ///
    /// ```
    /// let active = utfast::Engine::active();
    /// assert_eq!(utfast::Engine::chosen().map(|e| e.kernel()), Some(active.kernel()));
    /// ```
    #[cfg(feature = "std")]
    #[inline]
    pub fn chosen() -> Option<Engine> {
        let engine = dispatching();
        (!core::ptr::eq(engine.table, &table::DETECT)).then_some(engine)
    }

    /// What `UTFAST_KERNEL` asks for: `Ok(None)` when it is unset or empty,
    /// `Ok(Some(engine))` for a kernel this CPU runs (the active one), and an
    /// error saying why it is ignored otherwise (for a tool to warn with).
    ///
    /// ```
    /// // Unset here: the fastest kernel is active.
    /// assert!(matches!(utfast::Engine::kernel_override(), Ok(None)));
    /// ```
    #[cfg(feature = "std")]
    pub fn kernel_override() -> Result<Option<Engine>, KernelOverrideError> {
        let value = std::env::var_os("UTFAST_KERNEL").unwrap_or_default();
        let value = value.to_string_lossy();
        if value.trim().is_empty() {
            return Ok(None);
        }
        let ignored = |unsupported| KernelOverrideError {
            value: value.clone().into_owned(),
            unsupported,
        };
        let kernel = Kernel::from_name(&value).ok_or_else(|| ignored(None))?;
        Engine::new(kernel)
            .map(Some)
            .map_err(|error| ignored(Some(error)))
    }

    /// The kernel this engine runs.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::new(utfast::Kernel::Scalar).unwrap().kernel().name(), "scalar");
    /// ```
    pub fn kernel(&self) -> Kernel {
        self.table.kernel
    }

    /// The kernel's operations (see `operations`), safe to call: an `Engine`
    /// exists only for a kernel this CPU supports.
    #[inline]
    pub(crate) fn ops(&self) -> Ops {
        Ops(self.table)
    }

    /// True when the kernel validates a UTF-8 string shorter than one vector in
    /// a single masked vector, quicker than an ASCII test before the call.
    #[inline(always)]
    pub(crate) fn short_utf8_in_one_vector(&self) -> bool {
        self.table.short_utf8_in_one_vector
    }

    /// True when the kernel converts input shorter than a step to UTF-8 in
    /// one exact masked step.
    #[inline(always)]
    pub(crate) fn short_steps_to_utf8(&self) -> bool {
        self.table.short_steps_to_utf8
    }
}

/// The active table: [`table::DETECT`] until the first call chooses.
#[cfg(feature = "std")]
static ACTIVE: core::sync::atomic::AtomicPtr<Table> =
    core::sync::atomic::AtomicPtr::new(core::ptr::addr_of!(table::DETECT).cast_mut());

/// The cached run-time choice, made on first use.
#[cfg(feature = "std")]
#[inline]
fn active_runtime() -> Engine {
    let engine = dispatching();
    if !core::ptr::eq(engine.table, &table::DETECT) {
        return engine;
    }
    choose_and_cache()
}

/// The engine of one free-function call: the cached table as it is, which
/// before the first choice is [`table::DETECT`] (its entries choose, then
/// forward). Not for an engine that is kept or asked its kernel: that is
/// [`Engine::active`].
#[cfg(feature = "std")]
#[inline]
pub(crate) fn dispatching() -> Engine {
    use core::sync::atomic::Ordering;
    // SAFETY: ACTIVE only ever holds pointers to `'static` tables: DETECT, or
    // a kernel's this CPU supports (stored below).
    Engine {
        table: unsafe { &*ACTIVE.load(Ordering::Acquire) },
    }
}

/// Without `std`, the active engine itself (a constant).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn dispatching() -> Engine {
    active_runtime()
}

#[cfg(feature = "std")]
#[cold]
fn choose_and_cache() -> Engine {
    use core::sync::atomic::Ordering;
    let forced = Engine::kernel_override().ok().flatten();
    let engine = forced
        .or_else(|| Engine::new(Kernel::detect()).ok())
        .unwrap_or(Engine {
            table: &table::SCALAR,
        });
    let table: *const Table = engine.table;
    ACTIVE.store(table.cast_mut(), Ordering::Release);
    engine
}

/// Without `std`, the best kernel whose features are enabled at compile time
/// (multiversion's static detection: this folds to a constant).
#[cfg(not(feature = "std"))]
#[inline]
fn active_runtime() -> Engine {
    Kernel::detect().table().map_or(
        Engine {
            table: &table::SCALAR,
        },
        |table| Engine { table },
    )
}

/// [`Engine::new`](crate::Engine::new) was asked for a kernel that this build or
/// this CPU cannot run.
///
/// ```
/// use utfast::{Engine, Kernel};
/// if let Err(e) = Engine::new(Kernel::Neon) {
///     assert_eq!(e.kernel(), Kernel::Neon);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedKernel {
    pub(crate) kernel: Kernel,
    pub(crate) compiled_in: bool,
}

impl UnsupportedKernel {
    /// The kernel that was asked for.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// True when the kernel is part of this build and only the CPU lacks features.
    pub fn compiled_in(&self) -> bool {
        self.compiled_in
    }
}

impl fmt::Display for UnsupportedKernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.compiled_in {
            write!(
                f,
                "kernel {} is not supported by this CPU (it needs {})",
                self.kernel.name(),
                self.kernel.required_features()
            )
        } else {
            write!(
                f,
                "kernel {} is not compiled into this build (target architecture)",
                self.kernel.name()
            )
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnsupportedKernel {}

/// Why `UTFAST_KERNEL` was ignored ([`Engine::kernel_override`]): not a kernel
/// name, or a kernel this CPU or build cannot run.
///
/// ```
/// # #[cfg(target_arch = "x86_64")] {
/// use utfast::{Engine, Kernel};
/// std::env::set_var("UTFAST_KERNEL", "fastest");
/// let error = Engine::kernel_override().unwrap_err();
/// assert!(error.to_string().starts_with("UTFAST_KERNEL='fastest' ignored: not a kernel name (use one of scalar, "));
/// # }
/// ```
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelOverrideError {
    value: std::string::String,
    unsupported: Option<UnsupportedKernel>,
}

#[cfg(feature = "std")]
impl fmt::Display for KernelOverrideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UTFAST_KERNEL='{}' ignored: ", self.value)?;
        match self.unsupported {
            Some(error) => write!(f, "{error}"),
            None => {
                f.write_str("not a kernel name (use one of ")?;
                for (i, kernel) in Kernel::ALL.iter().enumerate() {
                    let comma = if i > 0 { ", " } else { "" };
                    write!(f, "{comma}{}", kernel.name())?;
                }
                f.write_str(")")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for KernelOverrideError {}
