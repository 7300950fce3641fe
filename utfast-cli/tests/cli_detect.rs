//! `utfast detect` run as a process: the line per file, byte order marks, UTF-16
//! and UTF-32 without one, windows-1252, standard input, `--json`, inputs longer
//! than the 1 MiB it reads, unreadable files and usage errors (exit status 2).

mod common;

use common::{run_with_stdin, stderr, stdout, TempFile};
use std::process::Output;

/// Runs `utfast ARGS` with `stdin` piped in; checks it did not panic.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let output = run_with_stdin(args, stdin);
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    output
}

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

#[test]
fn one_line_per_file() {
    let text = "Grüße aus Köln, 世界 🎉\n".repeat(20);
    let marked = TempFile::new(
        "marked.txt",
        &[b"\xFF\xFE".as_slice(), &utf16le(&text)].concat(),
    );
    let utf8 = TempFile::new("utf8.txt", text.as_bytes());
    let utf32be: Vec<u8> = text
        .chars()
        .flat_map(|c| (c as u32).to_be_bytes())
        .collect();
    let utf32be = TempFile::new("utf32be.txt", &utf32be);
    let ascii = TempFile::new("ascii.txt", b"plain text\n");
    let cp1252 = TempFile::new("cp1252.txt", b"Cr\xE8me br\xFBl\xE9e \x80 3\n");
    let empty = TempFile::new("empty.txt", b"");
    let files = [&marked, &utf8, &utf32be, &ascii, &cp1252, &empty];
    let mut args = vec!["detect".to_string()];
    args.extend(files.iter().map(|f| f.shown()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let expected = [
        "UTF-16LE (confidence 1.00, BOM 2 bytes)",
        "UTF-8 (confidence 0.99, no BOM)",
        "UTF-32BE (confidence 0.95, no BOM)",
        "UTF-8 (confidence 0.80, no BOM)",
        "windows-1252 (confidence 0.40, no BOM)",
        "UTF-8 (confidence 0.50, no BOM)",
    ];
    let lines: Vec<String> = files
        .iter()
        .zip(expected)
        .map(|(file, found)| format!("{}: {found}", file.shown()))
        .collect();
    assert_eq!(stdout(&output), lines.join("\n") + "\n");
}

#[test]
fn standard_input_and_json() {
    let text = "añb\n".repeat(10);
    for args in [&["detect"][..], &["detect", "-"]] {
        let output = run(args, &utf16le(&text));
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            stdout(&output),
            "<stdin>: UTF-16LE (confidence 0.95, no BOM)\n"
        );
    }
    let missing = std::env::temp_dir().join("utfast-cli-detect-surely-missing.txt");
    let missing = missing.to_string_lossy();
    let output = run(&["detect", "--json", "-", &missing], b"\xEF\xBB\xBFok");
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(
        lines[0],
        r#"{"path":"<stdin>","encoding":"UTF-8","confidence":1.00,"bom_len":3,"bytes_examined":5}"#
    );
    assert!(
        lines[1].starts_with(&format!(
            r#"{{"path":"{missing}","encoding":null,"error":""#
        )),
        "{}",
        lines[1]
    );
    assert_eq!(lines.len(), 2);
}

#[test]
fn a_long_input_is_judged_by_its_first_mebibyte() {
    // UTF-8 whose characters straddle the 1 MiB limit, then bytes that are not
    // UTF-8, past the limit.
    let mut data = "é€ ".repeat((1 << 20) / 6 + 10).into_bytes();
    assert_ne!((1 << 20) % 6, 0);
    data.extend_from_slice(b"\xFF\xFE\xFD");
    let output = run(&["detect", "--json"], &data);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        r#"{"path":"<stdin>","encoding":"UTF-8","confidence":0.99,"bom_len":0,"bytes_examined":1048576}"#
            .to_string()
            + "\n"
    );
}

#[test]
fn unreadable_files_and_usage_errors_exit_2() {
    let missing = std::env::temp_dir().join("utfast-cli-detect-no-such-file.txt");
    let missing = missing.to_string_lossy();
    let ok = TempFile::new("ok.txt", b"fine\n");
    let output = run(&["detect", &missing, &ok.shown()], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with(&format!("utfast: cannot read '{missing}': ")),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("check the path"));
    // The other file is still examined.
    assert_eq!(
        stdout(&output),
        format!("{}: UTF-8 (confidence 0.80, no BOM)\n", ok.shown())
    );

    for (args, message) in [
        (
            &["detect", "--jsn"][..],
            "unexpected argument '--jsn' found\n\n  tip: a similar argument exists: '--json'",
        ),
        (
            &["detect", "--json=yes"],
            "unexpected value 'yes' for '--json' found; no more were expected",
        ),
        (
            &["detcet", "a.txt"],
            "unrecognized subcommand 'detcet'\n\n  tip: a similar subcommand exists: 'detect'",
        ),
    ] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
}

#[test]
fn help_describes_detect() {
    let output = run(&["detect", "--help"], b"");
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    assert!(help.contains("Usage: utfast detect [--json] [FILE...]"));
    assert!(help.contains("Reads only the\nfirst 1 MiB of a larger input."));
    assert!(help.contains("PATH: UTF-16LE (confidence 1.00, BOM 2 bytes)"));
    assert!(help.contains("Options:\n      --json"));
    assert!(help.contains(r#"{"path":"a.txt","encoding":"UTF-8","confidence":0.99,"#));
}
