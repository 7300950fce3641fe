//! Fuzz target: every way utfast validates UTF-8 must agree with std, exactly.
//!
//! On each input it runs every kernel this CPU can run (`Kernel::available()`,
//! through `Engine::validate_utf8`, `Engine::from_utf8` and `Engine::from_utf8_mut`),
//! the free functions (`validate_utf8`, `from_utf8`, `from_utf8_mut`,
//! `string_from_utf8`), the scalar reference `utfast::reference::utf8::validate` and
//! `std::str::from_utf8`, and panics on any difference: valid or not,
//! `valid_up_to`, `error_len`, and the error kind (which std does not report, so
//! kinds are compared with the scalar reference). The input is checked twice, as
//! given and copied to an address 1..=63 bytes past a 64-byte boundary, so that
//! vector loads see every alignment.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast::{Engine, Kernel, Utf8Error};

/// `(valid_up_to, error_len)` as std reports them, or `None` when valid.
type Position = Option<(usize, Option<usize>)>;

fn position_of(result: Result<(), Utf8Error>) -> Position {
    result.err().map(|e| (e.valid_up_to(), e.error_len()))
}

fn check(input: &[u8], engines: &[Engine]) {
    let std_answer: Position = std::str::from_utf8(input)
        .err()
        .map(|e| (e.valid_up_to(), e.error_len()));
    let reference = utfast::reference::utf8::validate(input);
    assert_eq!(
        position_of(reference),
        std_answer,
        "scalar reference vs std"
    );
    let expected_kind = reference.err().map(|e| e.kind());
    let valid = std_answer.is_none();

    // Compares one implementation's `from_utf8`-style answer with the reference.
    let agree = |name: &str, got: Result<&[u8], Utf8Error>| match got {
        Ok(s) => {
            assert!(
                valid,
                "{name}: accepted invalid input (std: {std_answer:?})"
            );
            assert_eq!(s, input, "{name}: returned different bytes");
        }
        Err(e) => {
            assert_eq!(
                Some((e.valid_up_to(), e.error_len())),
                std_answer,
                "{name}: error position differs from std"
            );
            assert_eq!(Some(e.kind()), expected_kind, "{name}: error kind differs");
        }
    };

    for engine in engines {
        let kernel = engine.kernel().name();
        assert_eq!(
            engine.validate_utf8(input),
            valid,
            "{kernel}: validate_utf8"
        );
        agree(kernel, engine.from_utf8(input).map(str::as_bytes));
        let mut copy = input.to_vec();
        agree(
            kernel,
            engine.from_utf8_mut(&mut copy).map(|s| s.as_bytes()),
        );
    }

    assert_eq!(utfast::validate_utf8(input), valid, "free validate_utf8");
    agree(
        "free from_utf8",
        utfast::from_utf8(input).map(str::as_bytes),
    );
    let mut copy = input.to_vec();
    agree(
        "free from_utf8_mut",
        utfast::from_utf8_mut(&mut copy).map(|s| s.as_bytes()),
    );
    match utfast::string_from_utf8(input.to_vec()) {
        Ok(s) => agree("free string_from_utf8", Ok(s.as_bytes())),
        Err(e) => {
            assert_eq!(
                e.as_bytes(),
                input,
                "string_from_utf8 must give the bytes back"
            );
            agree("free string_from_utf8", Err(e.utf8_error()));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let engines: Vec<Engine> = Kernel::available()
        .map(|kernel| Engine::new(kernel).expect("an available kernel constructs"))
        .collect();
    check(data, &engines);

    // The same bytes at a different alignment: 1..=63 bytes past a 64-byte boundary.
    let mut buffer = vec![0u8; data.len() + 128];
    let base = buffer.as_ptr().align_offset(64);
    let shift = 1 + data.len() % 63;
    let start = base + shift;
    buffer[start..start + data.len()].copy_from_slice(data);
    check(&buffer[start..start + data.len()], &engines);
});
