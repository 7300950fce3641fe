//! The `utfast` command line, run as a process: exit statuses, the text and JSON
//! reports (exact offsets, lines, columns, kinds and bytes), standard input,
//! inputs larger than the validation chunk, usage errors, `--version`, `--help`
//! and a quick `bench` (every section, `--only`, files); `convert` between every
//! pair of encodings, byte order marks, its error reports, its output file, and
//! inputs of several blocks; `convert --errors MODE` (against the library and
//! std, the surrogate-escape round trip), the UTF-8 variants, and `repair`.

mod common;

use common::{run_with_stdin, stderr, stdout, utfast, TempFile};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

/// The chunk size of `utfast validate` (1 MiB): the streaming tests put
/// characters across its boundaries.
const CHUNK: usize = 1 << 20;

fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    utfast().args(args).output().expect("run utfast")
}

/// Runs `utfast validate FLAGS FILE`.
fn validate(flags: &[&str], file: &Path) -> Output {
    utfast()
        .arg("validate")
        .args(flags)
        .arg(file)
        .output()
        .expect("run utfast")
}

/// Runs `utfast validate FLAGS FILE` and checks that it exits 1 with the line
/// `PATH` `report` on standard output.
#[track_caller]
fn assert_invalid_report(flags: &[&str], file: &TempFile, report: &str) {
    let output = validate(flags, file.path());
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        format!("{}{report}", file.shown()),
        "{flags:?}"
    );
}

/// The report after the path of `SURROGATE_TEXT`'s error.
const SURROGATE_REPORT: &str =
    ":2:3: invalid UTF-8 at byte 5: encoded surrogate (bytes: ed a0 80)\n";

#[track_caller]
fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(output),
        stderr(output)
    );
    assert!(!stderr(output).contains("panicked"), "{}", stderr(output));
}

const SURROGATE_TEXT: &[u8] = b"ab\ncd\xED\xA0\x80ef";

#[test]
fn valid_file_exits_0_silently() {
    let file = TempFile::new("valid.txt", "héllo\nwörld 🎉\n".as_bytes());
    for args in [
        &["validate"][..],
        &["validate", "-q"],
        &["validate", "--quiet"],
    ] {
        let output = utfast().args(args).arg(file.path()).output().unwrap();
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), "");
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn invalid_file_reports_offset_line_column_kind_and_bytes() {
    let file = TempFile::new("surrogate.txt", SURROGATE_TEXT);
    assert_invalid_report(&[], &file, SURROGATE_REPORT);

    let quiet = validate(&["-q"], file.path());
    assert_exit(&quiet, 1);
    assert_eq!(stdout(&quiet), "");
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn input_truncated_at_end() {
    let file = TempFile::new(
        "truncated.txt",
        "x\nnaïve caf\u{e9}".as_bytes().split_last().unwrap().1,
    );
    assert_invalid_report(
        &[],
        &file,
        ":2:10: invalid UTF-8 at byte 12: input ends inside a character (bytes: c3)\n",
    );
    let json = validate(&["--json"], file.path());
    assert_exit(&json, 1);
    assert!(stdout(&json).contains(
        r#""valid":false,"offset":12,"line":2,"column":10,"kind":"truncated_at_end","error_len":null,"bytes":"c3"}"#
    ));
}

#[test]
fn reads_standard_input() {
    for args in [&["validate"][..], &["validate", "-"]] {
        let output = run_with_stdin(args, SURROGATE_TEXT);
        assert_exit(&output, 1);
        assert_eq!(stdout(&output), format!("<stdin>{SURROGATE_REPORT}"));
        assert_exit(&run_with_stdin(args, "ok ✓\n".as_bytes()), 0);
    }
    // Standard input redirected from a file (read twice to locate the error).
    let file = TempFile::new("redirected.txt", SURROGATE_TEXT);
    let output = utfast()
        .arg("validate")
        .stdin(std::fs::File::open(file.path()).unwrap())
        .output()
        .unwrap();
    assert_exit(&output, 1);
    assert!(stdout(&output).starts_with("<stdin>:2:3: invalid UTF-8 at byte 5:"));
}

/// A UTF-8 byte order mark at the start is no column (as `convert`, which
/// strips it, counts): one on line 1 and one later (a character there), from a
/// file, a pipe and a redirected file; the offset counts the mark.
#[test]
fn validate_counts_no_column_for_a_byte_order_mark() {
    let data = b"\xEF\xBB\xBFab\xFF\n";
    let report = ":1:3: invalid UTF-8 at byte 5: byte never valid in UTF-8 (bytes: ff)\n";
    let file = TempFile::new("bom-validate.txt", data);
    assert_invalid_report(&[], &file, report);
    let piped = run_with_stdin(&["validate"], data);
    assert_eq!(stdout(&piped), format!("<stdin>{report}"));
    let redirected = utfast()
        .arg("validate")
        .stdin(std::fs::File::open(file.path()).unwrap())
        .output()
        .unwrap();
    assert_eq!(stdout(&redirected), format!("<stdin>{report}"));
    let converted = utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .arg(file.path())
        .output()
        .unwrap();
    assert!(stderr(&converted).contains(":1:3: invalid UTF-8 at byte 5"));

    let later = b"ab\n\xEF\xBB\xBFc\xFF";
    let report = ":2:3: invalid UTF-8 at byte 7: byte never valid in UTF-8 (bytes: ff)\n";
    assert_invalid_report(&[], &TempFile::new("bom-later.txt", later), report);
    let piped = run_with_stdin(&["validate"], later);
    assert_eq!(stdout(&piped), format!("<stdin>{report}"));
}

#[test]
fn json_reports_every_input() {
    let valid = TempFile::new("valid.json.txt", "ünïcödé\n".as_bytes());
    let invalid = TempFile::new("invalid.json.txt", SURROGATE_TEXT);
    let missing = std::env::temp_dir().join("utfast-cli-surely-missing.txt");
    let output = utfast()
        .args(["validate", "--json"])
        .args([valid.path(), invalid.path(), &missing])
        .output()
        .unwrap();
    assert_exit(&output, 2);
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[0],
        format!(
            r#"{{"path":"{}","valid":true,"bytes_checked":12}}"#,
            valid.shown()
        )
    );
    assert_eq!(
        lines[1],
        format!(
            r#"{{"path":"{}","valid":false,"offset":5,"line":2,"column":3,"kind":"surrogate","error_len":1,"bytes":"ed a0 80"}}"#,
            invalid.shown()
        )
    );
    assert!(lines[2].starts_with(&format!(
        r#"{{"path":"{}","valid":null,"error":""#,
        missing.display()
    )));
}

#[cfg(unix)]
#[test]
fn odd_paths_are_escaped_and_shown_lossily() {
    use std::os::unix::ffi::OsStrExt;
    let quoted = TempFile::new("a\"b\\c.txt", b"\xFF");
    let output = validate(&["--json"], quoted.path());
    assert_exit(&output, 1);
    let escaped = quoted.shown().replace('\\', "\\\\").replace('"', "\\\"");
    assert!(
        stdout(&output).starts_with(&format!(r#"{{"path":"{escaped}","valid":false"#)),
        "{}",
        stdout(&output)
    );

    let not_utf8 = TempFile::with_os_name(OsStr::from_bytes(b"bad\xFF.txt"), b"ok\x80");
    let output = validate(&[], not_utf8.path());
    assert_exit(&output, 1);
    assert!(stdout(&output).contains("bad\u{FFFD}.txt:1:3: invalid UTF-8 at byte 2"));
}

#[test]
fn missing_file_exits_2_and_the_others_are_still_checked() {
    let missing = std::env::temp_dir().join("utfast-cli-no-such-file.txt");
    let invalid = TempFile::new("invalid.txt", SURROGATE_TEXT);
    let output = utfast()
        .arg("validate")
        .args([&missing, invalid.path()])
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains(&format!("cannot read '{}'", missing.display())),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).contains("invalid UTF-8 at byte 5"));
}

#[test]
fn usage_errors_exit_2_with_help() {
    let output = run(&["validate", "--jsn"]);
    assert_exit(&output, 2);
    assert_eq!(
        stderr(&output),
        "error: unexpected argument '--jsn' found\n\n  \
         tip: a similar argument exists: '--json'\n\n\
         Usage: utfast validate [-q | --quiet | --json] [--progress] [FILE...]\n\n\
         For more information, try '--help'.\n"
    );
    assert_eq!(stdout(&output), "");

    for (args, message) in [
        (&["valdiate"][..], "unrecognized subcommand 'valdiate'"),
        (
            &["valdiate"],
            "tip: a similar subcommand exists: 'validate'",
        ),
        (
            &["a.txt"],
            "tip: to check a file, write 'utfast validate a.txt'",
        ),
        (
            &[],
            "'utfast' requires a subcommand but one was not provided",
        ),
        (&["bench", "--fast"], "unexpected argument '--fast' found"),
        (
            &["validate", "-q", "--json"],
            "the argument '--quiet' cannot be used with '--json'",
        ),
        (
            &["--json"],
            "tip: '--json' is an option of 'validate', 'bench' and 'detect'",
        ),
        (&["convret"], "tip: a similar subcommand exists: 'convert'"),
        (&["help", "convret"], "unrecognized subcommand 'convret'"),
        (
            &["convert", "-f", "utf-8", "-t", "utf-16"],
            "tip: say which byte order: utf-16le or utf-16be",
        ),
        (
            &["convert", "-f", "utf8", "-t", "latn1"],
            "tip: a similar value exists: 'latin1'",
        ),
        (
            &["convert", "-f", "utf8", "-t", "utf8", "--errors", "replac"],
            "tip: a similar value exists: 'replace'",
        ),
        (
            &["completions", "bsh"],
            "tip: a similar value exists: 'bash'",
        ),
    ] {
        let output = run(args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "", "{args:?}");
    }
}

#[test]
fn version_names_the_active_kernel() {
    let output = run(&["--version"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).starts_with("utfast "));
    assert!(stdout(&output).contains("kernel: "), "{}", stdout(&output));
    assert!(stdout(&output).contains("available: scalar"));

    // `utfast FLAG` with UTFAST_KERNEL set to `kernel`.
    let with_kernel = |flag: &str, kernel: &str| {
        let mut command = utfast();
        command.arg(flag).env("UTFAST_KERNEL", kernel);
        command.output().unwrap()
    };
    let forced = with_kernel("--version", "scalar");
    assert_exit(&forced, 0);
    assert!(
        stdout(&forced).contains("kernel: scalar;"),
        "{}",
        stdout(&forced)
    );
    assert_eq!(stderr(&forced), "");

    let unknown = with_kernel("-V", "mmx");
    assert_exit(&unknown, 0);
    assert!(stderr(&unknown).contains("UTFAST_KERNEL='mmx' ignored"));
}

/// Runs `utfast ARGS`, checks that it succeeds and prints every one of
/// `expected`, and returns what it printed.
#[track_caller]
fn prints_all(args: &[&str], expected: &[&str]) -> String {
    let output = run(args);
    assert_exit(&output, 0);
    let printed = stdout(&output);
    for expected in expected {
        assert!(
            printed.contains(expected),
            "{args:?} lacks {expected}: {printed}"
        );
    }
    printed
}

#[test]
fn help_documents_commands_exit_status_and_environment() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let expected = [
            "utfast validate",
            "utfast bench",
            "utfast convert --from ENC --to ENC",
            "utf-16le",
            "--bom",
            "--json",
            "Exit status:",
            "2  Usage error",
            "UTFAST_KERNEL",
            "utfast help [COMMAND]",
            "utfast completions SHELL",
        ];
        prints_all(args, &expected);
    }
    // A command's help: its options, report and exit statuses.
    for args in [&["validate", "--help"][..], &["help", "validate"]] {
        let help = prints_all(
            args,
            &[
                "Usage: utfast validate [-q | --quiet | --json] [--progress] [FILE...]",
                "--progress",
                "--no-progress",
                "PATH:LINE:COLUMN: invalid UTF-8 at byte OFFSET: KIND (bytes: HEX)",
                "-q, --quiet",
                "\"kind\":\"surrogate\",\"error_len\":1",
                "Exit status:",
            ],
        );
        assert!(!help.contains("utfast bench"), "{args:?}: {help}");
    }
}

/// `bench`'s help names every section and group `--only` takes.
#[test]
fn help_of_bench_names_every_section() {
    prints_all(
        &["help", "bench"],
        &[
            "validate-utf8",
            "utf8-to-utf16le",
            "utf16le-to-utf8",
            "utf8-to-utf32",
            "utf32-to-utf8",
            "latin1-to-utf8",
            "utf8-to-latin1",
            "validate-utf16le",
            "transcode",
        ],
    );
}

#[test]
fn help_of_a_command() {
    prints_all(
        &["help", "convert"],
        &[
            "Usage: utfast convert --from ENC --to ENC",
            "-f, --from <ENC>",
            "-e, --errors <MODE>",
            "surrogate-escape",
            "utf-16le",
            "[default: strict]",
            "Exit status:",
        ],
    );
}

#[test]
fn completions_for_bash_zsh_and_fish() {
    for (shell, start) in [
        ("bash", "_utfast()"),
        ("zsh", "#compdef utfast"),
        ("fish", "complete -c utfast"),
    ] {
        let expected = [
            start,
            "convert",
            "validate",
            "from",
            "utf-16le",
            "surrogate-escape",
            "transcode",
            "validate-utf16le",
        ];
        prints_all(&["completions", shell], &expected);
    }
}

/// The section titles of `utfast bench`, in order.
const BENCH_SECTIONS: [&str; 8] = [
    "UTF-8 validation (std: ",
    "UTF-8 to UTF-16LE (std: ",
    "UTF-16LE to UTF-8 (std: ",
    "UTF-8 to UTF-32 (std: ",
    "UTF-32 to UTF-8 (std: ",
    "Latin-1 to UTF-8 (std: ",
    "UTF-8 to Latin-1 (std: ",
    "UTF-16LE validation (std: ",
];

/// The lines of `table` from the one starting with `title` to the next empty line.
fn bench_section<'a>(table: &'a str, title: &str) -> Vec<&'a str> {
    table
        .lines()
        .skip_while(|line| !line.starts_with(title))
        .take_while(|line| !line.is_empty())
        .collect()
}

#[test]
fn quick_bench_measures_kernels_and_std() {
    let output = run(&["bench", "--quick"]);
    assert_exit(&output, 0);
    let table = stdout(&output);
    for expected in [
        "kernel: ",
        "cpu: ",
        "scalar",
        "from_utf8",
        "std",
        "vs std",
        "short mixed",
        "rivals: ",
        "simdutf8 0.1.",
        "encoding_rs 0.8.",
    ] {
        assert!(table.contains(expected), "lacks {expected}: {table}");
    }
    // Every section, in order, with a header and a row per input it converts.
    let mut at = 0;
    for (title, rows, function, rival) in [
        (BENCH_SECTIONS[0], 8, "from_utf8", " simdutf8 "),
        (BENCH_SECTIONS[1], 6, "utf8_to_utf16le", " encoding_rs"),
        (BENCH_SECTIONS[2], 6, "utf16le_to_utf8", " encoding_rs"),
        (BENCH_SECTIONS[5], 2, "latin1_to_utf8", " encoding_rs"),
        (BENCH_SECTIONS[6], 2, "utf8_to_latin1", " encoding_rs"),
        (BENCH_SECTIONS[7], 6, "validate_utf16le", " encoding_rs"),
    ] {
        let found = table[at..]
            .find(title)
            .unwrap_or_else(|| panic!("lacks {title} after byte {at}: {table}"));
        at += found + title.len();
        let section = bench_section(&table, title);
        assert_eq!(section.len(), 2 + rows, "{title}: {section:#?}");
        let header = section[1];
        assert!(header.starts_with("input"), "{title}: {header}");
        assert!(header.contains(" scalar "), "{title}: {header}");
        // The function, std, the rivals (every section here has encoding_rs or
        // simdutf8, which the binary always carries), then the ratios.
        let after = |word: &str, from: usize| {
            header[from..]
                .find(word)
                .map(|at| from + at + word.len())
                .unwrap_or_else(|| panic!("{title}: lacks {word} after {from}: {header}"))
        };
        let mut at = after(function, 0);
        for word in [" std ", rival, " vs std", " vs best rival"] {
            at = after(word, at);
        }
        let ratios = 2;
        for row in &section[2..] {
            let cells: Vec<&str> = row.split_whitespace().collect();
            for ratio in &cells[cells.len() - ratios..] {
                assert!(ratio.ends_with('x'), "{title}: {row}");
            }
            // The throughputs before the ratios are positive numbers: at least
            // a kernel, the function, std and a rival.
            let numbers: Vec<f64> = cells[..cells.len() - ratios]
                .iter()
                .rev()
                .map_while(|cell| cell.parse::<f64>().ok())
                .collect();
            assert!(numbers.len() >= 4, "{title}: {row}");
            assert!(numbers.iter().all(|&gbps| gbps > 0.0), "{title}: {row}");
        }
    }
    for title in &BENCH_SECTIONS[3..5] {
        let section = bench_section(&table, title);
        assert_eq!(section.len(), 2 + 6, "{title}: {section:#?}");
        assert!(section[1].ends_with(" vs std"), "{title}: {section:#?}");
    }
    assert!(bench_section(&table, BENCH_SECTIONS[5])[2].starts_with("ascii "));
    assert!(bench_section(&table, BENCH_SECTIONS[5])[3].starts_with("latin "));
    assert!(table.contains("Latin-1: ascii, and latin without its letters above U+00FF"));
}

/// `bench --json`: one document whose every row has a throughput per column,
/// a ratio per ratio column, and no disagreement with std; the rivals and their
/// versions, the CPU and the kernels named.
#[test]
fn bench_json_reports_every_column() {
    let file = TempFile::new("bench-json.txt", "Grüße, 世界!\n".repeat(200).as_bytes());
    let output = utfast()
        .args([
            "bench",
            "--quick",
            "--json",
            "--only",
            "validate,utf8-to-utf16le",
        ])
        .arg(file.path())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["utfast"], env!("CARGO_PKG_VERSION"));
    assert!(report["cpu"].as_str().is_some_and(|cpu| !cpu.is_empty()));
    assert!(report["rivals"]["simdutf8"]
        .as_str()
        .is_some_and(|v| v.starts_with("0.1.")));
    assert!(report["rivals"]["encoding_rs"]
        .as_str()
        .is_some_and(|v| v.starts_with("0.8.")));
    let kernels = report["kernels"].as_array().unwrap();
    assert_eq!(kernels[0], "scalar");
    let sections = report["sections"].as_array().unwrap();
    let names: Vec<&str> = sections
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["validate-utf8", "utf8-to-utf16le", "validate-utf16le"]
    );
    for section in sections {
        let columns: Vec<&str> = section["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(columns[..kernels.len()], kernels[..], "{section}");
        assert!(
            columns.contains(&"std") && columns.contains(&"encoding_rs"),
            "{section}"
        );
        assert_eq!(
            section["ratios"],
            serde_json::json!(["vs std", "vs best rival"])
        );
        let rows = section["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{section}");
        let row = &rows[0];
        assert_eq!(row["input"], file.shown());
        assert_eq!(row["valid"], true);
        assert_eq!(row["disagree_with_std"], serde_json::json!([]));
        let gbps = row["gbps"].as_array().unwrap();
        assert_eq!(gbps.len(), columns.len(), "{section}");
        assert!(
            gbps.iter().all(|g| g.as_f64().is_some_and(|g| g > 0.0)),
            "{row}"
        );
        assert!(
            row["ratios"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r.as_f64().is_some_and(|r| r > 0.0)),
            "{row}"
        );
    }
    // Nothing but the document on standard output.
    assert!(String::from_utf8_lossy(&output.stdout)
        .trim_start()
        .starts_with('{'));
}

#[test]
fn bench_measures_only_the_sections_asked_for() {
    let output = run(&["bench", "--quick", "--only", "transcode"]);
    assert_exit(&output, 0);
    let table = stdout(&output);
    assert!(!table.contains("validation"), "{table}");
    for title in &BENCH_SECTIONS[1..7] {
        assert!(table.contains(title), "lacks {title}: {table}");
    }

    let output = run(&[
        "bench",
        "--quick",
        "--only=utf16le-to-utf8,validate-utf16le",
    ]);
    assert_exit(&output, 0);
    let table = stdout(&output);
    let titles: Vec<&str> = BENCH_SECTIONS
        .into_iter()
        .filter(|title| table.contains(title))
        .collect();
    assert_eq!(titles, [BENCH_SECTIONS[2], BENCH_SECTIONS[7]], "{table}");
    assert!(!table.contains("short"), "{table}");

    let output = run(&["bench", "--only", "utf8-to-utf16"]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("tip: a similar value exists: 'utf8-to-utf16le'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn bench_measures_given_files() {
    let file = TempFile::new("bench.txt", "Grüße, 世界! 🎉\n".repeat(1000).as_bytes());
    let invalid = TempFile::new("bench-bad.txt", b"caf\xE9 au lait\n");
    let output = utfast()
        .args(["bench", "--quick"])
        .arg(file.path())
        .arg(invalid.path())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let table = stdout(&output);
    assert!(!table.contains("short"));
    // Validation has both; the conversions only the valid file, Latin-1 neither.
    let validation = bench_section(&table, BENCH_SECTIONS[0]);
    assert_eq!(validation.len(), 4, "{validation:#?}");
    assert!(validation[2].starts_with(&file.shown()));
    assert!(validation[3].starts_with(&format!("{}*", invalid.shown())));
    let to_utf16 = bench_section(&table, BENCH_SECTIONS[1]);
    assert_eq!(to_utf16.len(), 3, "{to_utf16:#?}");
    assert!(to_utf16[2].starts_with(&file.shown()));
    assert!(to_utf16[2].contains(" 21 KiB "), "{}", to_utf16[2]);
    let to_utf8 = bench_section(&table, BENCH_SECTIONS[2]);
    assert!(
        to_utf8[2].contains(" 27 KiB "),
        "UTF-16 bytes: {}",
        to_utf8[2]
    );
    assert_eq!(
        bench_section(&table, BENCH_SECTIONS[5])[2],
        "(no input is text Latin-1 can represent)"
    );
    assert!(table.contains("*: not valid UTF-8"));
}

/// Over 3 MiB of text with a 4-byte character across the first chunk boundary, a
/// 2-byte one across the second, and an invalid byte past 2 MiB.
fn multi_chunk_input() -> (Vec<u8>, usize) {
    let mut data = Vec::with_capacity(3 * CHUNK + 100);
    let mut line = 0;
    while data.len() < 3 * CHUNK {
        line += 1;
        if data.len() < CHUNK && data.len() + 200 > CHUNK {
            data.resize(CHUNK - 2, b'.');
            data.extend_from_slice("🎉".as_bytes());
        }
        if data.len() < 2 * CHUNK && data.len() + 200 > 2 * CHUNK {
            data.resize(2 * CHUNK - 1, b'-');
            data.extend_from_slice("é".as_bytes());
        }
        data.extend_from_slice(format!("line {line}: déjà vu, ok ✓\n").as_bytes());
    }
    // An overlong lead byte in place of a letter followed by ASCII.
    let bad = (2 * CHUNK + 12345..)
        .find(|&i| data[i].is_ascii_alphanumeric() && data[i + 1].is_ascii())
        .unwrap();
    data[bad] = 0xC0;
    (data, bad)
}

fn expected_position(data: &[u8], offset: usize) -> (usize, usize) {
    let before = &data[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + std::str::from_utf8(&before[line_start..])
        .unwrap()
        .chars()
        .count();
    (line, column)
}

#[test]
fn errors_past_chunk_boundaries_keep_exact_positions() {
    let (data, bad) = multi_chunk_input();
    assert_eq!(&data[CHUNK - 2..CHUNK + 2], "🎉".as_bytes());
    assert_eq!(&data[2 * CHUNK - 1..2 * CHUNK + 1], "é".as_bytes());
    let (line, column) = expected_position(&data, bad);
    let expected =
        format!(":{line}:{column}: invalid UTF-8 at byte {bad}: overlong encoding (bytes: c0)\n");

    let file = TempFile::new("big.txt", &data);
    assert_invalid_report(&[], &file, &expected);

    let piped = run_with_stdin(&["validate"], &data);
    assert_exit(&piped, 1);
    assert_eq!(stdout(&piped), format!("<stdin>{expected}"));

    // The same text without the error is valid, through a file and a pipe.
    let mut fixed = data;
    fixed[bad] = b'x'; // A letter, as before.
    let file = TempFile::new("big-valid.txt", &fixed);
    let output = validate(&["--json"], file.path());
    assert_exit(&output, 0);
    assert!(stdout(&output).contains(&format!(r#""valid":true,"bytes_checked":{}"#, fixed.len())));
    assert_exit(&run_with_stdin(&["validate", "-q"], &fixed), 0);
}

#[test]
fn closed_standard_output_is_not_a_panic() {
    let file = TempFile::new("many.txt", b"valid\n");
    let mut child = utfast()
        .args(["validate", "--json"])
        .args(std::iter::repeat_n(file.path(), 3000))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end at once: the output (over 200 KB) cannot all fit in
    // the pipe, so a write fails with a broken pipe.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_exit(&output, 2);
    assert_eq!(stderr(&output), "");
}

/// The encodings of `utfast convert`, by their command-line names.
const ENCODINGS: [&str; 6] = [
    "utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "latin1",
];

/// `text` encoded by std, in the encoding `utfast convert` calls `encoding`.
fn encode(text: &str, encoding: &str) -> Vec<u8> {
    match encoding {
        "utf-8" => text.as_bytes().to_vec(),
        "utf-16le" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" => text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect(),
        "utf-32be" => text
            .chars()
            .flat_map(|c| u32::from(c).to_be_bytes())
            .collect(),
        "latin1" => text.chars().map(|c| u8::try_from(c).unwrap()).collect(),
        _ => panic!("no encoding {encoding}"),
    }
}

fn bom(encoding: &str) -> &'static [u8] {
    match encoding {
        "utf-8" => b"\xEF\xBB\xBF",
        "utf-16le" => b"\xFF\xFE",
        "utf-16be" => b"\xFE\xFF",
        "utf-32le" => b"\xFF\xFE\x00\x00",
        "utf-32be" => b"\x00\x00\xFE\xFF",
        _ => b"",
    }
}

/// `utfast convert --from FROM --to TO ARGS... FILE`.
fn convert_file(from: &str, to: &str, args: &[&str], file: &TempFile) -> Output {
    utfast()
        .args(["convert", "--from", from, "--to", to])
        .args(args)
        .arg(file.path())
        .output()
        .unwrap()
}

/// `utfast convert --from FROM --to TO ARGS... -o OUT FILE`.
fn convert_into(from: &str, to: &str, args: &[&str], out: &Path, file: &TempFile) -> Output {
    let out = out.to_str().expect("a UTF-8 temporary path");
    convert_file(from, to, &[args, &["-o", out]].concat(), file)
}

const MIXED: &str =
    "ASCII, é, €, 😀 and \u{10FFFF}\nnext line\r\n\u{FFFD}\u{0}\u{7FF}\u{800}\u{FFFF}";
const LATIN: &str = "naïve café, ÿ\u{80}\u{FF}\n\0end";

/// Every pair of `ENCODINGS`, with a text both hold: `LATIN` where one of them
/// is Latin-1, else `MIXED`.
fn encoding_pairs() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    ENCODINGS.into_iter().flat_map(|from| {
        ENCODINGS.into_iter().map(move |to| {
            let text = if from == "latin1" || to == "latin1" {
                LATIN
            } else {
                MIXED
            };
            (from, to, text)
        })
    })
}

#[test]
fn convert_round_trips_every_pair_exactly() {
    for (from, to, text) in encoding_pairs() {
        let input = TempFile::new(&format!("pair.{from}"), &encode(text, from));
        let output = convert_file(from, to, &[], &input);
        assert_exit(&output, 0);
        assert_eq!(output.stdout, encode(text, to), "{from} -> {to}");
        assert_eq!(stderr(&output), "");
        // And back, through standard input.
        let back = run_with_stdin(&["convert", "-f", to, "-t", from], &output.stdout);
        assert_exit(&back, 0);
        assert_eq!(back.stdout, encode(text, from), "{from} -> {to} -> {from}");
    }
    // Names in any case, without the dash, and the other names of Latin-1.
    let input = TempFile::new("names.txt", "é€".as_bytes());
    let output = convert_file("UTF8", "Utf-16BE", &[], &input);
    assert_exit(&output, 0);
    assert_eq!(output.stdout, encode("é€", "utf-16be"));
    let latin = TempFile::new("names.latin1", b"caf\xE9");
    let output = convert_file("ISO-8859-1", "utf32le", &[], &latin);
    assert_exit(&output, 0);
    assert_eq!(output.stdout, encode("café", "utf-32le"));
}

#[test]
fn convert_drops_and_writes_byte_order_marks() {
    for (from, to, text) in encoding_pairs() {
        let input = TempFile::new("bom.txt", &[bom(from), &encode(text, from)].concat());
        let output = convert_file(from, to, &[], &input);
        assert_exit(&output, 0);
        assert_eq!(output.stdout, encode(text, to), "{from} -> {to}");
        if to != "latin1" {
            let output = convert_file(from, to, &["--bom"], &input);
            assert_exit(&output, 0);
            assert_eq!(output.stdout, [bom(to), &encode(text, to)].concat());
        }
    }
    let input = TempFile::new("bom-latin1.txt", b"x");
    let output = convert_file("utf-8", "latin1", &["--bom"], &input);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("Latin-1 has no byte order mark"));

    // A mark of another encoding than --from.
    for (from, marked, other) in [
        ("utf-8", "utf-16le", "utf-16le"),
        ("utf-16le", "utf-8", "utf-8"),
        ("utf-16le", "utf-32le", "utf-32le"),
        ("utf-32be", "utf-16be", "utf-16be"),
        ("latin1", "utf-8", "utf-8"),
    ] {
        let input = TempFile::new(
            "foreign-bom.txt",
            &[bom(marked), &encode("hi", marked)].concat(),
        );
        let output = convert_file(from, "utf-8", &[], &input);
        assert_exit(&output, 1);
        let label = other.to_uppercase();
        assert_eq!(
            stderr(&output),
            format!(
                "utfast: {}: the input starts with a {label} byte order mark, but is read as \
                 {} (bytes: {}); if the input is {label}, use '--from {other}'{}\n",
                input.shown(),
                if from == "latin1" {
                    "ISO-8859-1".to_string()
                } else {
                    from.to_uppercase()
                },
                hex(bom(marked)),
                // Only where the mark's bytes are --from text (ff fe 00 00 is
                // two UTF-16 units; ff fe is no UTF-8, and ef bb bf not whole
                // UTF-16 units).
                if from == "latin1" || marked == "utf-32le" {
                    format!("; to read these bytes as {from} text, add '--keep-bom'")
                } else {
                    String::new()
                },
            )
        );
        assert_eq!(output.stdout, b"");
    }

    // --keep-bom: the mark of --from converted as U+FEFF, another's bytes
    // as --from text (its own mark among them, converted too).
    for (from, to, text) in encoding_pairs() {
        if to == "latin1" || from == "latin1" {
            // No U+FEFF in Latin-1; no mark of Latin-1 to keep.
            continue;
        }
        let input = TempFile::new("keep-bom.txt", &[bom(from), &encode(text, from)].concat());
        let output = convert_file(from, to, &["--keep-bom"], &input);
        assert_exit(&output, 0);
        let kept = format!("\u{FEFF}{text}");
        assert_eq!(output.stdout, encode(&kept, to), "{from} -> {to}");
    }
    let input = TempFile::new("keep-bom.latin1", b"\xFF\xFEab\xE9");
    let output = convert_file("latin1", "utf-8", &["--keep-bom"], &input);
    assert_exit(&output, 0);
    assert_eq!(output.stdout, "ÿþabé".as_bytes());
    let input = TempFile::new("keep-bom-to-latin1.txt", b"\xEF\xBB\xBFab");
    let output = convert_file("utf-8", "latin1", &["--keep-bom"], &input);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains(":1:1: character U+FEFF"));
}

/// A U+FFFD that --to cannot hold: the hint says whether it is the
/// replacement of invalid input (which --errors ignore avoids) or a character
/// of the input; the input's own U+FFFD is recognised in its encoding only.
/// --bom and --keep-bom together are refused (two marks).
#[test]
fn replacement_characters_latin1_cannot_hold() {
    let replaced = "puts for invalid input";
    let own = "--errors modes deal with invalid input only";
    for (from, input, hint) in [
        ("utf-8", &b"a\xFFb"[..], replaced),
        ("utf-8", "a\u{FFFD}b".as_bytes(), own),
        ("utf-16be", b"\x00a\xFF\xFD", own),
        ("utf-32le", b"a\0\0\0\x00\x00\x11\x00", replaced),
        // The bytes of UTF-32BE's U+FFFD, an invalid UTF-32LE value.
        ("utf-32le", b"a\0\0\0\x00\x00\xFF\xFD", replaced),
    ] {
        let args = ["convert", "-f", from, "-t", "latin1", "--errors", "replace"];
        let output = run_with_stdin(&args, input);
        assert_exit(&output, 1);
        assert!(
            stderr(&output).contains(hint),
            "{from} {input:x?}: {}",
            stderr(&output)
        );
    }
    let args = [
        "convert",
        "-f",
        "utf-8",
        "-t",
        "utf-16le",
        "--bom",
        "--keep-bom",
    ];
    let output = run_with_stdin(&args, b"\xEF\xBB\xBFhi");
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("cannot be used with"),
        "{}",
        stderr(&output)
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn convert_reports_invalid_utf8_with_offset_line_column_and_bytes() {
    let file = TempFile::new("convert-surrogate.txt", SURROGATE_TEXT);
    let output = convert_file("utf-8", "utf-16le", &[], &file);
    assert_exit(&output, 1);
    assert_eq!(
        stderr(&output),
        format!(
            "utfast: {}:2:3: invalid UTF-8 at byte 5: encoded surrogate (bytes: ed a0 80)\n\
             utfast: standard output has only the conversion of the input before byte 5\n",
            file.shown()
        )
    );
    assert_eq!(output.stdout, encode("ab\ncd", "utf-16le"));

    // The offset counts a byte order mark; the column does not.
    let marked = TempFile::new(
        "convert-bom-surrogate.txt",
        &[bom("utf-8"), SURROGATE_TEXT].concat(),
    );
    let output = convert_file("utf-8", "utf-32be", &[], &marked);
    assert_exit(&output, 1);
    assert!(stderr(&output).starts_with(&format!(
        "utfast: {}:2:3: invalid UTF-8 at byte 8: encoded surrogate (bytes: ed a0 80)\n",
        marked.shown()
    )));
    let piped = run_with_stdin(
        &["convert", "-f", "utf-8", "-t", "latin1"],
        &[bom("utf-8"), SURROGATE_TEXT].concat(),
    );
    assert_exit(&piped, 1);
    assert!(stderr(&piped).starts_with(
        "utfast: <stdin>:2:3: invalid UTF-8 at byte 8: encoded surrogate (bytes: ed a0 80)\n"
    ));

    // Standard input redirected from a file, which is read again to locate.
    let redirected = utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16be", "-"])
        .stdin(std::fs::File::open(marked.path()).unwrap())
        .output()
        .unwrap();
    assert_exit(&redirected, 1);
    assert!(stderr(&redirected)
        .starts_with("utfast: <stdin>:2:3: invalid UTF-8 at byte 8: encoded surrogate"));

    let quiet = convert_file("utf-8", "utf-16le", &["--quiet"], &file);
    assert_exit(&quiet, 1);
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn convert_reports_unpaired_surrogates_and_incomplete_units() {
    let units = |units: &[u16]| -> Vec<u8> { units.iter().flat_map(|u| u.to_le_bytes()).collect() };
    let cases: &[(&str, Vec<u8>, &str)] = &[
        (
            "utf-16le",
            units(&[0x41, 0xD800, 0x42]),
            "invalid UTF-16LE at byte 2: unpaired high surrogate (bytes: 00 d8)",
        ),
        (
            "utf-16le",
            [bom("utf-16le"), &units(&[0x41, 0xDC00, 0x42])].concat(),
            "invalid UTF-16LE at byte 4: unpaired low surrogate (bytes: 00 dc)",
        ),
        (
            "utf-16be",
            b"\x00A\xD8\x3D".to_vec(),
            "invalid UTF-16BE at byte 2: input ends after a high surrogate (bytes: d8 3d)",
        ),
        (
            "utf-16le",
            b"A\x00B\x00C".to_vec(),
            "invalid UTF-16LE at byte 4: input ends 1 byte into a 2-byte code unit (bytes: 43)",
        ),
        (
            "utf-32le",
            b"A\0\0\0\0\xD8\0\0".to_vec(),
            "invalid UTF-32LE at byte 4: surrogate code point (bytes: 00 d8 00 00)",
        ),
        (
            "utf-32be",
            b"\0\0\0A\0\0\0B\0\0\0".to_vec(),
            "invalid UTF-32BE at byte 8: input ends 3 bytes into a 4-byte code unit (bytes: 00 00 00)",
        ),
    ];
    for (from, input, message) in cases {
        let file = TempFile::new("units.txt", input);
        for to in ["utf-8", "utf-16be", "utf-32le"] {
            let output = convert_file(from, to, &[], &file);
            assert_exit(&output, 1);
            assert!(
                stderr(&output).starts_with(&format!("utfast: {}: {message}\n", file.shown())),
                "{from} -> {to}: {}",
                stderr(&output)
            );
        }
    }
}

#[test]
fn convert_to_latin1_rejects_characters_above_u00ff() {
    let file = TempFile::new("euro.txt", "café\n5 €".as_bytes());
    let output = convert_file("utf-8", "latin1", &[], &file);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).starts_with(&format!(
            "utfast: {}:2:3: character U+20AC '€' at byte 8 cannot be written in ISO-8859-1 (bytes: e2 82 ac)",
            file.shown()
        )),
        "{}",
        stderr(&output)
    );
    let utf16 = TempFile::new("emoji.utf16", &encode("é😀", "utf-16be"));
    let output = convert_file("utf-16be", "latin1", &[], &utf16);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains(
        ": character U+1F600 '😀' at byte 2 cannot be written in ISO-8859-1 (bytes: d8 3d de 00)"
    ));
}

/// A directory in the temporary directory, unique to this test run, removed
/// with its contents on drop.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("utfast-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir(&path).expect("create temporary directory");
        TempDir { path }
    }

    fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.path)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Checks that `out`, the only file of `dir`, still holds "original".
#[track_caller]
fn assert_left_unchanged(out: &Path, dir: &TempDir) {
    assert_eq!(std::fs::read(out).unwrap(), b"original");
    assert_eq!(dir.entries(), ["out.txt"]);
}

#[test]
fn convert_output_file_is_replaced_only_on_success() {
    let dir = TempDir::new("convert-out");
    let out = dir.path.join("out.txt");
    std::fs::write(&out, b"original").unwrap();
    let invalid = TempFile::new("invalid-for-out.txt", SURROGATE_TEXT);
    let output = convert_into("utf-8", "utf-16le", &[], &out, &invalid);
    assert_exit(&output, 1);
    assert_left_unchanged(&out, &dir);
    assert_eq!(
        stderr(&output),
        format!(
            "utfast: {}:2:3: invalid UTF-8 at byte 5: encoded surrogate (bytes: ed a0 80)\n\
             utfast: '{}' is left unchanged\n",
            invalid.shown(),
            out.display()
        )
    );

    // An error past the first block, and a missing input: neither leaves a trace.
    let (data, _) = multi_chunk_input();
    let big = TempFile::new("big-invalid-for-out.txt", &data);
    let output = convert_file(
        "utf-8",
        "utf-32le",
        &[&format!("--output={}", out.display())],
        &big,
    );
    assert_exit(&output, 1);
    assert_left_unchanged(&out, &dir);
    let missing = std::env::temp_dir().join("utfast-cli-no-such-input.txt");
    let output = utfast()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .args([&out, &missing])
        .output()
        .unwrap();
    assert_exit(&output, 2);
    assert!(stderr(&output).starts_with(&format!("utfast: cannot read '{}': ", missing.display())));
    assert_eq!(std::fs::read(&out).unwrap(), b"original");

    // A new file is not created on failure.
    let fresh = dir.path.join("fresh.txt");
    let output = convert_into("utf-8", "latin1", &[], &fresh, &invalid);
    assert_exit(&output, 1);
    assert!(stderr(&output).ends_with(&format!("utfast: '{}' was not created\n", fresh.display())));
    assert_eq!(dir.entries(), ["out.txt"]);

    // Success replaces the file, and leaves nothing else.
    let valid = TempFile::new("valid-for-out.txt", "ok ✓\n".as_bytes());
    let output = convert_into("utf-8", "utf-16be", &["--bom"], &out, &valid);
    assert_exit(&output, 0);
    assert_eq!(
        (stdout(&output), stderr(&output)),
        (String::new(), String::new())
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        [bom("utf-16be"), &encode("ok ✓\n", "utf-16be")].concat()
    );
    assert_eq!(dir.entries(), ["out.txt"]);

    // Output that cannot be written: a directory, or a file in a missing one.
    for target in [
        dir.path.clone(),
        dir.path.join("no-such-dir").join("out.txt"),
    ] {
        let output = convert_into("utf-8", "utf-16le", &[], &target, &valid);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).starts_with(&format!("utfast: cannot write '{}': ", target.display())),
            "{}",
            stderr(&output)
        );
    }
    assert_eq!(dir.entries(), ["out.txt"]);
}

/// A new output file gets the permissions a shell's `>` gives one (0666 less
/// the umask, like `File::create`), not a temporary file's 0600; a file
/// replaced by `convert -o` or by `repair` keeps its own exactly, bits the
/// umask would clear included.
#[cfg(unix)]
#[test]
fn output_files_get_the_permissions_users_expect() {
    use std::os::unix::fs::PermissionsExt;
    // In octal, as `ls` and `chmod` show it.
    let mode = |path: &Path| {
        let mode = std::fs::metadata(path).unwrap().permissions().mode();
        format!("{:o}", mode & 0o7777)
    };
    let dir = TempDir::new("permissions");
    let created = dir.path.join("created-by-std.txt");
    std::fs::File::create(&created).unwrap();
    let input = TempFile::new("permissions-input.txt", "café\n".as_bytes());
    let new = dir.path.join("new.txt");
    assert_exit(&convert_into("utf-8", "latin1", &[], &new, &input), 0);
    assert_eq!(mode(&new), mode(&created));

    let existing = dir.path.join("existing.txt");
    for wanted in [0o664, 0o640, 0o606] {
        std::fs::write(&existing, b"old").unwrap();
        std::fs::set_permissions(&existing, std::fs::Permissions::from_mode(wanted)).unwrap();
        assert_exit(
            &convert_into("utf-8", "utf-16le", &[], &existing, &input),
            0,
        );
        assert_eq!(mode(&existing), format!("{wanted:o}"), "convert -o");
        std::fs::write(&existing, b"bad \xFF").unwrap();
        let path = existing.to_str().unwrap();
        assert_exit(&run_with_stdin(&["repair", "-q", path], b""), 0);
        assert_eq!(std::fs::read(&existing).unwrap(), "bad \u{FFFD}".as_bytes());
        assert_eq!(mode(&existing), format!("{wanted:o}"), "repair");
    }
}

/// Help that cannot be written (a full device) is an error, not a success.
#[test]
fn help_that_cannot_be_written_exits_2() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = utfast().arg("--help").stdout(full).output().unwrap();
    assert_exit(&output, 2);
    assert!(
        stderr(&output).starts_with("utfast: cannot write the help: "),
        "{}",
        stderr(&output)
    );
}

/// `-o` through a symbolic link writes the link's target, and creates it when
/// it does not exist yet (as `>` does); the link stays a link.
#[cfg(unix)]
#[test]
fn output_through_a_symbolic_link() {
    let dir = TempDir::new("symlink-out");
    let input = TempFile::new("symlink-input.txt", b"caf\xE9\n");
    let link = dir.path.join("link.txt");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    for round in ["created", "replaced"] {
        assert_exit(&convert_into("latin1", "utf-8", &[], &link, &input), 0);
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{round}"
        );
        let written = std::fs::read_to_string(dir.path.join("target.txt")).unwrap();
        assert_eq!(written, "café\n", "{round}");
    }
}

/// A replaced file keeps its owner and group (checked where this test may
/// give a file away: as root).
#[cfg(unix)]
#[test]
fn replaced_files_keep_their_owner() {
    use std::os::unix::fs::MetadataExt;
    if std::fs::metadata("/proc/self").map(|m| m.uid()).ok() != Some(0) {
        eprintln!("not root: owners cannot be given away, nothing to check");
        return;
    }
    let dir = TempDir::new("owner");
    let input = TempFile::new("owner-input.txt", "café\n".as_bytes());
    let file = dir.path.join("owned.txt");
    let owner = |path: &Path| {
        let metadata = std::fs::metadata(path).unwrap();
        (metadata.uid(), metadata.gid())
    };
    std::fs::write(&file, b"old").unwrap();
    std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
    assert_exit(&convert_into("utf-8", "utf-16le", &[], &file, &input), 0);
    assert_eq!(owner(&file), (65534, 65534), "convert -o");
    std::fs::write(&file, b"bad \xFF").unwrap();
    std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
    assert_exit(
        &run_with_stdin(&["repair", "-q", file.to_str().unwrap()], b""),
        0,
    );
    assert_eq!(owner(&file), (65534, 65534), "repair");
}

/// An interrupted conversion (SIGINT, as Ctrl-C sends, and SIGTERM) exits
/// with status 130, says so, and leaves the output file as it was: its
/// temporary file removed.
#[cfg(unix)]
#[test]
fn interrupted_convert_removes_its_temporary_file() {
    use std::io::Write;
    for signal in ["-INT", "-TERM"] {
        let dir = TempDir::new(&format!("interrupt{signal}"));
        let out = dir.path.join("out.txt");
        std::fs::write(&out, b"original").unwrap();
        let mut child = utfast()
            .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
            .arg(&out)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Input that has not ended: the conversion waits for more.
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all("déjà\n".repeat(1000).as_bytes()).unwrap();
        let started = std::time::Instant::now();
        while dir.entries().len() < 2 {
            assert!(started.elapsed().as_secs() < 20, "no temporary file");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let killed = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let output = child.wait_with_output().unwrap();
        drop(stdin);
        assert_exit(&output, 130);
        assert_eq!(
            stderr(&output),
            format!(
                "utfast: interrupted; '{}' is left unchanged\n",
                out.display()
            ),
            "{signal}"
        );
        assert_left_unchanged(&out, &dir);
    }
}

/// `-o /dev/stdout` where standard output goes to a file is standard output:
/// the output lands in order with what else is written there, and the file
/// is not replaced (which would lose the text before and after it); `-o
/// /dev/stderr` likewise appends.
#[cfg(unix)]
#[test]
fn output_to_the_streams_own_names() {
    let dir = TempDir::new("dev-stdout");
    let input = TempFile::new("dev-stdout-input.txt", b"caf\xE9\n");
    let out = dir.path.join("out.txt");
    let log = dir.path.join("log.txt");
    std::fs::write(&log, b"log\n").unwrap();
    let script = format!(
        "{{ echo header; '{}' convert -f latin1 -t utf-8 '{}' -o /dev/stdout; echo footer; }} > '{}' \
         && '{}' convert -f latin1 -t utf-8 '{}' -o /dev/stderr 2>> '{}'",
        env!("CARGO_BIN_EXE_utfast"),
        input.path().display(),
        out.display(),
        env!("CARGO_BIN_EXE_utfast"),
        input.path().display(),
        log.display()
    );
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "header\ncafé\nfooter\n"
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "log\ncafé\n");
}

#[test]
fn convert_streams_blocks_with_exact_offsets() {
    // UTF-8 with characters across the 1 MiB and 2 MiB block edges, then an error.
    let (data, bad) = multi_chunk_input();
    let (line, column) = expected_position(&data, bad);
    let expected =
        format!(":{line}:{column}: invalid UTF-8 at byte {bad}: overlong encoding (bytes: c0)\n");
    let file = TempFile::new("convert-big.txt", &data);
    let output = convert_file("utf-8", "utf-16le", &[], &file);
    assert_exit(&output, 1);
    assert!(stderr(&output).starts_with(&format!("utfast: {}{expected}", file.shown())));
    let text_before = std::str::from_utf8(&data[..bad]).unwrap();
    assert_eq!(output.stdout, encode(text_before, "utf-16le"));
    let piped = run_with_stdin(&["convert", "-f", "utf-8", "-t", "utf-32be"], &data);
    assert_exit(&piped, 1);
    assert!(stderr(&piped).starts_with(&format!("utfast: <stdin>{expected}")));

    // Without the error: through UTF-16 and UTF-32 and back.
    let mut fixed = data;
    fixed[bad] = b'x';
    let text = String::from_utf8(fixed).unwrap();
    let file = TempFile::new("convert-big-valid.txt", text.as_bytes());
    let utf16 = convert_file("utf-8", "utf-16be", &[], &file);
    assert_exit(&utf16, 0);
    assert!(utf16.stdout == encode(&text, "utf-16be"));
    let utf32 = run_with_stdin(
        &["convert", "-f", "utf-16be", "-t", "utf-32le"],
        &utf16.stdout,
    );
    assert_exit(&utf32, 0);
    assert!(utf32.stdout == encode(&text, "utf-32le"));
    let back = run_with_stdin(&["convert", "-f", "utf-32le", "-t", "utf-8"], &utf32.stdout);
    assert_exit(&back, 0);
    assert!(back.stdout == text.as_bytes());

    // UTF-16 with a surrogate pair across the first block edge (after a byte order
    // mark), and an unpaired surrogate in the third block.
    let mut text16 = "é".repeat(CHUNK / 2 - 2);
    text16.push('😀');
    while text16.len() < 3 * CHUNK {
        text16.push_str("line ✓ 😀\n");
    }
    let mut input = [bom("utf-16le"), &encode(&text16, "utf-16le")].concat();
    assert_eq!(&input[CHUNK - 2..CHUNK + 2], encode("😀", "utf-16le"));
    let file = TempFile::new("convert-big.utf16", &input);
    let output = convert_file("utf-16le", "utf-8", &[], &file);
    assert_exit(&output, 0);
    assert!(output.stdout == text16.as_bytes());
    let lone = (2 * CHUNK + 1000..)
        .step_by(2)
        .find(|&i| input[i + 1] == 0xD8)
        .unwrap();
    input[lone + 2..lone + 4].copy_from_slice(b"A\x00"); // The low surrogate goes.
    let file = TempFile::new("convert-big-invalid.utf16", &input);
    let output = convert_file("utf-16le", "utf-32be", &[], &file);
    assert_exit(&output, 1);
    assert!(stderr(&output).starts_with(&format!(
        "utfast: {}: invalid UTF-16LE at byte {lone}: unpaired high surrogate (bytes: {})\n",
        file.shown(),
        hex(&input[lone..lone + 2])
    )));
}

#[test]
fn convert_usage_errors_exit_2() {
    let file = TempFile::new("usage.txt", b"x");
    for (args, message) in [
        (
            &["convert"][..],
            "the following required arguments were not provided:\n  --from <ENC>\n  --to <ENC>",
        ),
        (&["convert"], "ENC is one of utf-8, utf-16le, utf-16be,"),
        (
            &["convert", "--from", "utf-8"],
            "the following required arguments were not provided:\n  --to <ENC>",
        ),
        (
            &["convert", "--from", "utf-16", "--to", "utf-8"],
            "say which byte order: utf-16le or utf-16be",
        ),
        (
            &["convert", "-f", "utf-8", "-t", "utf8", "a", "b"],
            "unexpected argument 'b' found",
        ),
        (
            &["convert", "-f", "utf-8", "-t", "latin1", "--bom"],
            "cannot be used with '--to latin1'",
        ),
        (
            &["convert", "-f", "utf-8", "-t", "utf8", "-o"],
            "a value is required for '--output <OUT>' but none was supplied",
        ),
        (
            &["convert", "-f", "utf-8", "-t", "utf8", "--quite"],
            "tip: a similar argument exists: '--quiet'",
        ),
    ] {
        let output = utfast()
            .args(args)
            .stdin(std::fs::File::open(file.path()).unwrap())
            .output()
            .unwrap();
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).ends_with("For more information, try '--help'.\n"));
        assert_eq!(stdout(&output), "");
    }
}

// `convert --errors`, the variants, `repair`.

const MESSY: &[u8] =
    b"caf\xE9 \x93quoted\x94 \xE2\x82 \xF0\x9F\x98\x80 \xED\xA0\x80 \xC0\xAF end\xE4";

#[test]
fn replace_is_from_utf8_lossy() {
    let output = run_with_stdin(
        &[
            "convert", "-f", "utf-8", "-t", "utf-8", "--errors", "replace",
        ],
        MESSY,
    );
    assert_eq!(status_of(&output), 0, "{}", stderr(&output));
    assert_eq!(output.stdout, String::from_utf8_lossy(MESSY).as_bytes());
    let output = run_with_stdin(
        &["convert", "-f", "utf-8", "-t", "utf-16be", "-e", "replace"],
        MESSY,
    );
    let expected: Vec<u8> = String::from_utf8_lossy(MESSY)
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    assert_eq!(output.stdout, expected);
}

#[test]
fn fallbacks_read_bad_bytes_as_latin1_or_windows_1252() {
    for (mode, name) in [
        (utfast::ErrorMode::Latin1, "latin1"),
        (utfast::ErrorMode::Windows1252, "windows-1252"),
    ] {
        let output = run_with_stdin(
            &["convert", "-f", "utf-8", "-t", "utf-8", "--errors", name],
            MESSY,
        );
        assert_eq!(status_of(&output), 0);
        let expected = utfast::utf8::to_string_with(MESSY, mode).unwrap();
        assert_eq!(output.stdout, expected.as_bytes(), "{name}");
    }
    let output = run_with_stdin(
        &[
            "convert",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            "-e",
            "windows-1252",
        ],
        b"\x93hi\x94",
    );
    assert_eq!(output.stdout, "“hi”".as_bytes());
}

/// Any bytes -> UTF-16LE -> UTF-8 with surrogate escape gives the bytes back.
#[test]
fn surrogate_escape_round_trips_any_bytes() {
    let bytes: Vec<u8> = (0..=255u8).chain(MESSY.iter().copied()).collect();
    let utf16 = run_with_stdin(
        &[
            "convert",
            "-f",
            "utf-8",
            "-t",
            "utf-16le",
            "-e",
            "surrogate-escape",
        ],
        &bytes,
    );
    assert_eq!(status_of(&utf16), 0, "{}", stderr(&utf16));
    let back = run_with_stdin(
        &[
            "convert",
            "-f",
            "utf-16le",
            "-t",
            "utf-8",
            "-e",
            "surrogate-escape",
        ],
        &utf16.stdout,
    );
    assert_eq!(status_of(&back), 0, "{}", stderr(&back));
    assert_eq!(back.stdout, bytes);
    // Strict refuses the escapes: they are unpaired surrogates.
    let strict = run_with_stdin(&["convert", "-f", "utf-16le", "-t", "utf-8"], &utf16.stdout);
    assert_eq!(status_of(&strict), 1);
}

#[test]
fn variants_on_the_command_line() {
    let output = run_with_stdin(
        &["convert", "-f", "cesu-8", "-t", "utf-8"],
        b"\xED\xA1\x8C\xED\xBE\xB4",
    );
    assert_eq!(
        (status_of(&output), output.stdout.as_slice()),
        (0, "\u{233B4}".as_bytes())
    );
    let output = run_with_stdin(
        &["convert", "-f", "utf-8", "-t", "mutf-8"],
        "a\0𐍈".as_bytes(),
    );
    assert_eq!(output.stdout, b"a\xC0\x80\xED\xA0\x80\xED\xBD\x88");
    let output = run_with_stdin(&["convert", "-f", "java", "-t", "utf-8"], b"\xC0\x80");
    assert_eq!(output.stdout, b"\0");
    let output = run_with_stdin(
        &["convert", "-f", "cesu-8", "-t", "utf-8"],
        "ok 𐍈".as_bytes(),
    );
    assert_eq!(status_of(&output), 1);
    let message = stderr(&output);
    assert!(message.contains("invalid CESU-8 at byte 3"), "{message}");
    // A lone surrogate of UTF-16 survives through WTF-8 with surrogate escape.
    let lone: Vec<u8> = [0x61u16, 0xDBFF, 0x62]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let wtf8 = run_with_stdin(
        &[
            "convert",
            "-f",
            "utf-16le",
            "-t",
            "wtf-8",
            "-e",
            "surrogate-escape",
        ],
        &lone,
    );
    assert_eq!(wtf8.stdout, b"a\xED\xAF\xBFb");
    let back = run_with_stdin(&["convert", "-f", "wtf-8", "-t", "utf-16le"], &wtf8.stdout);
    assert_eq!(back.stdout, lone);
    let output = run_with_stdin(&["convert", "-f", "wtf-8", "-t", "utf-8"], &wtf8.stdout);
    assert_eq!(status_of(&output), 1);
    assert!(stderr(&output).contains("U+DBFF at byte 1 cannot be written in UTF-8"));
}

#[test]
fn usage_errors_name_the_modes() {
    let output = run_with_stdin(
        &["convert", "-f", "utf-8", "-t", "utf-8", "--errors", "skip"],
        b"",
    );
    assert_eq!(status_of(&output), 2);
    assert!(stderr(&output).contains("invalid value 'skip' for '--errors <MODE>'\n  [possible values: strict, replace, surrogate-escape, latin1, windows-1252, ignore, backslash-replace]"));
    // Python's handler names work too.
    let output = run_with_stdin(
        &[
            "convert",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            "--errors",
            "backslashreplace",
        ],
        b"caf\xE9",
    );
    assert_eq!(status_of(&output), 0);
    assert_eq!(output.stdout, br"caf\xe9");
    let output = run_with_stdin(&["convert", "-f", "utf-8", "-t", "latin1", "--bom"], b"");
    assert_eq!(status_of(&output), 2);
    assert!(stderr(&output).contains("Latin-1 has no byte order mark"));
    // CESU-8, Modified UTF-8 and WTF-8 share UTF-8's mark.
    let output = run_with_stdin(&["convert", "-f", "utf-8", "-t", "wtf-8", "--bom"], b"a");
    assert_eq!(
        (status_of(&output), output.stdout.as_slice()),
        (0, &b"\xEF\xBB\xBFa"[..])
    );
    let output = run_with_stdin(&["repair"], b"");
    assert_eq!(status_of(&output), 2);
    assert!(stderr(&output)
        .contains("the following required arguments were not provided:\n  <FILE>..."));
    let output = run_with_stdin(&["repair", "-"], b"");
    assert_eq!(status_of(&output), 2);
    assert!(stderr(&output).contains("--errors replace"));
}

#[test]
fn repair_rewrites_invalid_files_only() {
    let bad_file = TempFile::new("bad.txt", MESSY);
    let good_file = TempFile::new("good.txt", "all fine ✓".as_bytes());
    let (bad, good) = (bad_file.path(), good_file.path());
    let (bad_name, good_name) = (bad_file.shown(), good_file.shown());
    let backup = PathBuf::from(format!("{bad_name}.bak"));
    let output = run_with_stdin(&["repair", "--backup", &bad_name, &good_name], b"");
    assert_eq!(status_of(&output), 0, "{}", stderr(&output));
    assert_eq!(read(bad), String::from_utf8_lossy(MESSY).as_bytes());
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    let pieces = MESSY
        .utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .count();
    assert_eq!(
        report,
        format!("{bad_name}: replaced {pieces} invalid sequences with U+FFFD (the first at byte 3); original kept as {bad_name}.bak\n")
    );
    assert_eq!(read(&backup), MESSY);
    let _ = std::fs::remove_file(&backup);
    assert_eq!(read(good), "all fine ✓".as_bytes());
    assert!(!PathBuf::from(format!("{good_name}.bak")).exists());
    // Quiet, and a missing file: exit 2, the other file still repaired.
    let again = TempFile::new("again.txt", b"x\xFF");
    let missing = format!("{}.missing", again.shown());
    let output = run_with_stdin(&["repair", "-q", &missing, &again.shown()], b"");
    assert_eq!(status_of(&output), 2);
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("cannot read"));
    assert_eq!(read(again.path()), "x\u{FFFD}".as_bytes());
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read file")
}

fn status_of(output: &Output) -> i32 {
    output.status.code().expect("exit status")
}

/// `--progress` (whose bar is drawn only on a terminal, so not here) and
/// `--no-progress` change neither the output nor the exit status of validate,
/// convert and repair.
#[test]
fn progress_options_change_no_output() {
    let invalid = TempFile::new("progress-invalid.txt", SURROGATE_TEXT);
    let dir = TempDir::new("progress");
    let out = dir.path.join("out.txt");
    let messy = dir.path.join("messy.txt");
    for flag in ["--progress", "--no-progress"] {
        assert_invalid_report(&[flag], &invalid, SURROGATE_REPORT);
        let output = run_with_stdin(&["validate", flag], "ok ✓\n".as_bytes());
        assert_exit(&output, 0);

        let input = TempFile::new("progress-convert.txt", MIXED.as_bytes());
        let out_name = out.to_str().unwrap();
        let output = convert_file("utf-8", "utf-16le", &[flag, "-o", out_name], &input);
        assert_exit(&output, 0);
        assert_eq!(read(&out), encode(MIXED, "utf-16le"), "{flag}");
        let output = convert_file("utf-8", "utf-32be", &[flag], &input);
        assert_exit(&output, 0);
        assert_eq!(output.stdout, encode(MIXED, "utf-32be"), "{flag}");

        std::fs::write(&messy, MESSY).unwrap();
        let output = run(&[OsStr::new("repair"), OsStr::new(flag), messy.as_os_str()]);
        assert_exit(&output, 0);
        assert_eq!(read(&messy), String::from_utf8_lossy(MESSY).as_bytes());
        if flag == "--no-progress" {
            assert_eq!(stderr(&output), "");
        }
    }
}

/// `convert --from auto`: the byte order mark, else detection on the first
/// MiB; the choice and its confidence on standard error (not with `--quiet`);
/// input read once (a pipe) is converted whole, the detected prefix included.
#[test]
fn convert_from_auto_detects_and_says_so() {
    let text = "Grüße, Привет, 世界 😀\nsecond line\n";
    let utf16le_bom: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let utf16be: Vec<u8> = "plain ASCII text, line after line\n"
        .repeat(20)
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    for (input, expected, said) in [
        (
            utf16le_bom,
            text.to_string(),
            "converting from utf-16le (detected, confidence 1.00, BOM 2 bytes, on the first",
        ),
        (
            utf16be,
            "plain ASCII text, line after line\n".repeat(20),
            "converting from utf-16be (detected, confidence 0.95, no BOM",
        ),
        (
            b"caf\xE9 cr\xE8me \x80".to_vec(),
            "café crème €".to_string(),
            "converting from windows-1252 (detected, confidence 0.40",
        ),
        (
            text.as_bytes().to_vec(),
            text.to_string(),
            "converting from utf-8 (detected, confidence 0.99",
        ),
    ] {
        let file = TempFile::new("auto.txt", &input);
        let output = convert_file("auto", "utf-8", &[], &file);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), expected);
        assert!(stderr(&output).contains(said), "{}", stderr(&output));
        // The same through a pipe, which can be read only once.
        let output = run_with_stdin(&["convert", "-f", "AUTO", "-t", "utf-8"], &input);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), expected);
        let quiet = convert_file("auto", "utf-8", &["--quiet"], &file);
        assert_exit(&quiet, 0);
        assert_eq!(stderr(&quiet), "");
    }
    // Longer than the prefix detection reads, with characters across its end.
    let long = "Grüße 世界 ".repeat((1 << 20) / 10 + 7);
    let output = run_with_stdin(
        &["convert", "-f", "auto", "-t", "utf-16le"],
        long.as_bytes(),
    );
    assert_exit(&output, 0);
    let expected: Vec<u8> = long.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert!(
        output.stdout == expected,
        "the output differs from the input's UTF-16LE"
    );
    assert!(
        stderr(&output).contains("on the first 1048576 bytes"),
        "{}",
        stderr(&output)
    );
}

/// `convert --from auto` on bytes that do not look like text: nothing is
/// written, exit status 2, and the candidates are named.
#[test]
fn convert_from_auto_refuses_what_it_cannot_tell() {
    let binary = b"\x00\x81\x00\x8D\x00\x90\xFF\x00\x01\x02\x03\x00\x00\x9D";
    let file = TempFile::new("auto-binary.bin", binary);
    let out = std::env::temp_dir().join(format!("utfast-auto-out-{}", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let output = convert_into("auto", "utf-8", &[], &out, &file);
    assert_exit(&output, 2);
    let message = stderr(&output);
    assert!(
        message.contains("cannot tell the encoding of the input"),
        "{message}"
    );
    assert!(message.contains("candidates (valid there): "), "{message}");
    assert!(message.contains("windows-1252"), "{message}");
    assert!(message.contains("give '--from ENC'"), "{message}");
    assert!(!out.exists(), "an output file was created");
    // --quiet does not hide an error.
    let output = convert_file("auto", "utf-8", &["--quiet"], &file);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("cannot tell"));
    assert_eq!(stdout(&output), "");
}
