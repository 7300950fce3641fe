//! The `utfast` command line, run as a process: exit statuses, the text and JSON
//! reports (exact offsets, lines, columns, kinds and bytes), standard input,
//! inputs larger than the validation chunk, usage errors, `--version`, `--help`
//! and a quick `bench`.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The chunk size of `utfast validate` (1 MiB): the streaming tests put
/// characters across its boundaries.
const CHUNK: usize = 1 << 20;

/// A file in the temporary directory with a name unique to this test run,
/// removed on drop.
struct TempFile {
    path: PathBuf,
}

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        Self::with_os_name(OsStr::new(name), contents)
    }

    fn with_os_name(name: &OsStr, contents: &[u8]) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let mut file_name = OsString::from(format!(
            "utfast-cli-{}-{}-",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        file_name.push(name);
        let path = std::env::temp_dir().join(file_name);
        std::fs::write(&path, contents).expect("write temporary file");
        TempFile { path }
    }

    fn path(&self) -> &Path {
        &self.path
    }

    /// The path as `utfast` shows it.
    fn shown(&self) -> String {
        self.path.to_string_lossy().into_owned()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn utfast() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_utfast"));
    command.env_remove("UTFAST_KERNEL");
    command
}

fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    utfast().args(args).output().expect("run utfast")
}

/// Runs `utfast` with `input` written to its standard input through a pipe.
fn run_with_stdin<S: AsRef<OsStr>>(args: &[S], input: &[u8]) -> Output {
    let mut child = utfast()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run utfast");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("wait for utfast");
    // utfast stops reading at the first error, so the rest may not be written.
    if let Err(error) = writer.join().unwrap() {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

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
    let output = run(&[OsStr::new("validate"), file.path().as_os_str()]);
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        format!(
            "{}:2:3: invalid UTF-8 at byte 5: encoded surrogate (bytes: ed a0 80)\n",
            file.shown()
        )
    );

    let quiet = run(&[
        OsStr::new("validate"),
        OsStr::new("-q"),
        file.path().as_os_str(),
    ]);
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
    let output = run(&[OsStr::new("validate"), file.path().as_os_str()]);
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        format!(
            "{}:2:10: invalid UTF-8 at byte 12: input ends inside a character (bytes: c3)\n",
            file.shown()
        )
    );
    let json = run(&[
        OsStr::new("validate"),
        OsStr::new("--json"),
        file.path().as_os_str(),
    ]);
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
        assert_eq!(
            stdout(&output),
            "<stdin>:2:3: invalid UTF-8 at byte 5: encoded surrogate (bytes: ed a0 80)\n"
        );
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
    let output = run(&[
        OsStr::new("validate"),
        OsStr::new("--json"),
        quoted.path().as_os_str(),
    ]);
    assert_exit(&output, 1);
    let escaped = quoted.shown().replace('\\', "\\\\").replace('"', "\\\"");
    assert!(
        stdout(&output).starts_with(&format!(r#"{{"path":"{escaped}","valid":false"#)),
        "{}",
        stdout(&output)
    );

    let not_utf8 = TempFile::with_os_name(OsStr::from_bytes(b"bad\xFF.txt"), b"ok\x80");
    let output = run(&[OsStr::new("validate"), not_utf8.path().as_os_str()]);
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
        "utfast: unknown option '--jsn' for 'validate' (did you mean '--json'?); see 'utfast --help'\n"
    );
    assert_eq!(stdout(&output), "");

    for (args, message) in [
        (
            &["valdiate"][..],
            "unknown command 'valdiate' (did you mean 'validate'?)",
        ),
        (&[], "no command given"),
        (&["bench", "--fast"], "unknown option '--fast' for 'bench'"),
        (&["validate", "-q", "--json"], "exclude each other"),
    ] {
        let output = run(args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn version_names_the_active_kernel() {
    let output = run(&["--version"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).starts_with("utfast "));
    assert!(stdout(&output).contains("kernel: "), "{}", stdout(&output));
    assert!(stdout(&output).contains("available: scalar"));

    let forced = utfast()
        .arg("--version")
        .env("UTFAST_KERNEL", "scalar")
        .output()
        .unwrap();
    assert_exit(&forced, 0);
    assert!(
        stdout(&forced).contains("kernel: scalar;"),
        "{}",
        stdout(&forced)
    );
    assert_eq!(stderr(&forced), "");

    let unknown = utfast()
        .arg("-V")
        .env("UTFAST_KERNEL", "mmx")
        .output()
        .unwrap();
    assert_exit(&unknown, 0);
    assert!(stderr(&unknown).contains("UTFAST_KERNEL='mmx' ignored"));
}

#[test]
fn help_documents_commands_exit_status_and_environment() {
    for args in [&["--help"][..], &["-h"], &["help"], &["validate", "--help"]] {
        let output = run(args);
        assert_exit(&output, 0);
        let help = stdout(&output);
        for expected in [
            "utfast validate",
            "utfast bench",
            "--json",
            "EXIT STATUS",
            "UTFAST_KERNEL",
        ] {
            assert!(help.contains(expected), "{args:?} lacks {expected}");
        }
    }
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
    ] {
        assert!(table.contains(expected), "lacks {expected}: {table}");
    }
}

#[test]
fn bench_measures_given_files() {
    let file = TempFile::new("bench.txt", "Grüße, 世界! 🎉\n".repeat(1000).as_bytes());
    let output = utfast()
        .args(["bench", "--quick"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    assert!(stdout(&output).contains(&file.shown()));
    assert!(!stdout(&output).contains("short"));
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
    let output = run(&[OsStr::new("validate"), file.path().as_os_str()]);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), format!("{}{expected}", file.shown()));

    let piped = run_with_stdin(&["validate"], &data);
    assert_exit(&piped, 1);
    assert_eq!(stdout(&piped), format!("<stdin>{expected}"));

    // The same text without the error is valid, through a file and a pipe.
    let mut fixed = data;
    fixed[bad] = b'x'; // A letter, as before.
    let file = TempFile::new("big-valid.txt", &fixed);
    let output = run(&[
        OsStr::new("validate"),
        OsStr::new("--json"),
        file.path().as_os_str(),
    ]);
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
