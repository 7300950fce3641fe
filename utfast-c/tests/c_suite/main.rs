//! The C test suite, driven from `cargo test`: compiles the C programs of
//! `tests/*.c` and the C++ example (`examples/example.cpp`) against
//! `include/utfast.h` and the static library this test build produced, with
//! AddressSanitizer and UndefinedBehaviorSanitizer, and runs them once per
//! kernel this CPU has (`UTFAST_KERNEL`); a non-zero exit or a sanitizer report
//! fails the test. Without a C compiler the suite is skipped with a notice.
//!
//! - `api_cases.c`: every function on hand-written boundary cases;
//! - `stream_cases.c`: the transcoder fed a byte at a time answers as one call;
//! - `benches/calls.c`: the per-call benchmark, once briefly (its answers are
//!   checked before it times anything);
//! - `dump_results.c`: the C API's answers on random and corpus input, written
//!   to a file and compared line by line with the Rust API's (`expected.rs`).

mod expected;
mod inputs;
mod toolchain;

use std::path::Path;

use toolchain::{crate_dir, kernels, notice, run, toolchain};

/// Builds `tests/<name>.c` and runs it with no arguments on every kernel.
fn run_program_on_every_kernel(name: &str) {
    let Some(toolchain) = toolchain() else { return };
    let binary = toolchain.build(&crate_dir().join("tests").join(format!("{name}.c")));
    for kernel in kernels() {
        run(&binary, &[], kernel);
    }
}

#[test]
fn header_compiles_as_c_and_cpp() {
    let Some(toolchain) = toolchain() else { return };
    let source = toolchain.out_dir.join("header_only.c");
    std::fs::write(
        &source,
        "#include \"utfast.h\"\n\
         int use(void);\n\
         int use(void) {\n\
         \x20   utfast_result r = utfast_check_utf8(NULL, 0);\n\
         \x20   utfast_encoding e = UTFAST_ENCODING_UTF8;\n\
         \x20   return (int)r.status + (int)e + UTFAST_KIND_OVERLONG;\n\
         }\n",
    )
    .expect("write the source");
    for standard in ["c99", "c11", "c++11", "c++17"] {
        if !toolchain.compile_header(&source, standard) {
            notice(&format!(
                "no compiler for {standard}: that check is SKIPPED"
            ));
        }
    }
}

#[test]
fn api_cases_on_every_kernel() {
    run_program_on_every_kernel("api_cases");
}

#[test]
fn stream_cases_on_every_kernel() {
    run_program_on_every_kernel("stream_cases");
}

#[test]
fn call_benchmark_runs() {
    let Some(toolchain) = toolchain() else { return };
    let binary = toolchain.build(&crate_dir().join("benches/calls.c"));
    for kernel in kernels() {
        for len in ["16", "64", "256"] {
            run(
                &binary,
                &[Path::new(len), Path::new("1"), Path::new("1")],
                kernel,
            );
        }
    }
}

#[test]
fn cpp_example_runs() {
    let Some(toolchain) = toolchain() else { return };
    if !toolchain.has_cxx() {
        return;
    }
    let binary = toolchain.build(&crate_dir().join("examples/example.cpp"));
    for kernel in kernels() {
        run(&binary, &[], kernel);
    }
}

#[test]
fn results_match_the_rust_api_on_random_and_corpus_input() {
    let Some(toolchain) = toolchain() else { return };
    let binary = toolchain.build(&crate_dir().join("tests/dump_results.c"));
    let dir = toolchain.out_dir.join("inputs");
    std::fs::create_dir_all(&dir).expect("create the inputs' directory");
    let seed = std::env::var("UTFAST_C_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x7574_6661_7374);
    let mut inputs = inputs::random_inputs(&dir, seed);
    inputs.extend(inputs::corpus_inputs(&dir));
    let manifest = dir.join("manifest.txt");
    inputs::write_manifest(&inputs, &manifest);
    let expected = expected::expected_results(&inputs);
    for kernel in kernels() {
        let results = dir.join(format!("results-{kernel}.txt"));
        run(&binary, &[&manifest, &results], kernel);
        compare(&results, &expected, kernel, seed);
    }
}

/// Fails at the first line where the C program's results differ from the Rust
/// API's, naming the input file.
fn compare(results: &Path, expected: &str, kernel: &str, seed: u64) {
    let actual = std::fs::read_to_string(results).expect("read the results");
    let mut lines = actual.lines();
    assert_eq!(lines.next(), Some(format!("kernel {kernel}").as_str()));
    let mut file = "";
    let mut expected_lines = expected.lines();
    for (number, want) in expected_lines.by_ref().enumerate() {
        if want.starts_with("file ") {
            file = want;
        }
        let got = lines.next().unwrap_or("<end of the C results>");
        assert_eq!(
            got,
            want,
            "kernel {kernel}, seed {seed}, {file}: line {} of {} differs \
             (fields: op size status position written error_len kind hash)",
            number + 2,
            results.display()
        );
    }
    assert_eq!(
        lines.next(),
        None,
        "the C results go on past the Rust API's"
    );
}
