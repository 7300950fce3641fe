//! Helpers shared by the integration tests: the engines of every kernel this CPU
//! runs, the number of property-test cases, and text encoded by independent
//! encoders.
#![allow(dead_code)]

use utfast::{Encoding, Engine, Kernel};

/// An engine for every kernel this CPU supports.
pub fn engines() -> Vec<Engine> {
    Kernel::available()
        .map(|k| Engine::new(k).expect("available kernels construct"))
        .collect()
}

/// Property-test cases: `PROPTEST_CASES`, else 64 with `UTFAST_TEST_QUICK` set
/// (emulated runs), else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if std::env::var_os("UTFAST_TEST_QUICK").is_some() {
            64
        } else {
            default
        })
}

/// `text` in `encoding`, by std and the `cesu8` crate; `None` when the encoding
/// cannot hold it.
pub fn encode(text: &str, encoding: Encoding) -> Option<Vec<u8>> {
    Some(match encoding {
        Encoding::Utf8 | Encoding::Wtf8 => text.as_bytes().to_vec(),
        Encoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf32Le => text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect(),
        Encoding::Utf32Be => text
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect(),
        Encoding::Latin1 => text
            .chars()
            .map(|c| u8::try_from(c).ok())
            .collect::<Option<_>>()?,
        Encoding::Windows1252 => {
            let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
            if unmappable {
                return None;
            }
            bytes.into_owned()
        }
        Encoding::Cesu8 => cesu8::to_cesu8(text).into_owned(),
        Encoding::Mutf8 => cesu8::to_java_cesu8(text).into_owned(),
        _ => return None,
    })
}
