//! What the library is: the kernel the dispatcher chose for this CPU (or the
//! one `UTFAST_KERNEL` forces) and the version, as static C strings.

use std::ffi::{c_char, CStr};

use utfast::{Engine, Kernel};

/// The name of the kernel the conversions run on: `"scalar"`, `"sse4.2"`,
/// `"avx2"`, `"avx512"` or `"neon"` (the values `UTFAST_KERNEL` accepts). A
/// static string: do not free it.
#[no_mangle]
pub extern "C" fn utfast_active_kernel() -> *const c_char {
    crate::abi::guard_value(c"unknown".as_ptr(), || {
        kernel_name(Engine::active().kernel()).as_ptr()
    })
}

/// The version of the library, such as `"0.1.0"`. A static string.
#[no_mangle]
pub extern "C" fn utfast_version() -> *const c_char {
    VERSION.as_ptr()
}

/// The crate's version, NUL-terminated.
const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => panic!("the version holds a NUL byte"),
    };

/// [`Kernel::name`], NUL-terminated.
fn kernel_name(kernel: Kernel) -> &'static CStr {
    match kernel {
        Kernel::Scalar => c"scalar",
        Kernel::Sse42 => c"sse4.2",
        Kernel::Avx2 => c"avx2",
        Kernel::Avx512 => c"avx512",
        Kernel::Neon => c"neon",
        _ => c"unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_names_are_the_library_names() {
        for &kernel in Kernel::ALL {
            assert_eq!(kernel_name(kernel).to_str().unwrap(), kernel.name());
        }
    }
}
