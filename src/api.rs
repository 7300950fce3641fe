//! [`api!`], the one way a public operation is declared: each declaration yields
//! its free function (the active kernel) and its [`Engine`](crate::Engine) method
//! (one kernel), with one doc and one example.
//!
//! ```text
//! api! {
//!     "utf16";                                    // the module, for the method's doc link
//!     /// Doc and example of the free function.
//!     pub fn to_utf8(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error>
//!         as utf16_to_utf8;                      // the Engine method's name
//!         free { /* optional: the free function's own body (short-input path) */ }
//!         |engine| engine.ops().utf16_to_utf8(src, dst, order)
//! }
//! ```
//!
//! Without `free`, the free function is `Engine::active().method(args)` (through
//! `dispatch::dispatching`, which leaves the first choice to the table). The
//! method's body sees the engine as the named binding (`&Engine`). Generics and
//! lifetimes go in brackets after the name: `pub fn convert[<O: RowOffset>](..)`.
//! `#[inline(always)]` after the doc replaces the free function's `#[inline]`
//! (for one whose short-input path must be inlined into the caller's loop).

/// Declares public operations; see the module doc.
macro_rules! api {
    ($module:literal; $(
        $(#[cfg($cfg:meta)])?
        $(#[doc = $doc:literal])*
        $(#[inline($how:ident)])?
        pub fn $name:ident $([$($generics:tt)*])? ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
            as $method:ident;
            $(free $free:block)?
            |$engine:ident| $body:expr;
    )*) => {$(
        $(#[cfg($cfg)])?
        $(#[doc = $doc])*
        #[inline $(($how))?]
        pub fn $name $($($generics)*)? ($($arg: $ty),*) -> $ret {
            $crate::api::api!(@free [$($free)?] $method ($($arg),*))
        }

        $(#[cfg($cfg)])?
        impl $crate::Engine {
            #[doc = concat!(
                "[`", $module, "::", stringify!($name), "`](", stringify!($name),
                ") with this engine's kernel."
            )]
            #[inline]
            pub fn $method $($($generics)*)? (&self, $($arg: $ty),*) -> $ret {
                let $engine = self;
                $body
            }
        }
    )*};
    (@free [] $method:ident ($($arg:ident),*)) => {
        $crate::dispatch::dispatching().$method($($arg),*)
    };
    (@free [$free:block] $method:ident ($($arg:ident),*)) => {
        $free
    };
}

pub(crate) use api;
