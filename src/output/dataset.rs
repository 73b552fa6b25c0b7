//! Parquet datasets for research use, written with polars. Column types are explicit and the
//! provenance goes in the file footer's key/value metadata.

use anyhow::Result;
use polars::prelude::*;

/// Parquet bytes of `df`, with `provenance` as footer key/value metadata.
pub fn to_parquet(df: &mut DataFrame, provenance: &[(&str, String)]) -> Result<Vec<u8>> {
    let mut kv: Vec<(String, String)> =
        provenance.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    kv.push(("statespace.version".into(), env!("CARGO_PKG_VERSION").into()));
    let mut buf = Vec::new();
    ParquetWriter::new(&mut buf)
        .with_compression(ParquetCompression::Zstd(None))
        .with_key_value_metadata(Some(KeyValueMetadata::from_static(kv)))
        .finish(df)
        .map_err(|e| anyhow::anyhow!("encoding Parquet: {e}"))?;
    Ok(buf)
}

/// Reads Parquet bytes back (tests and checks).
pub fn from_parquet(bytes: &[u8]) -> Result<DataFrame> {
    ParquetReader::new(std::io::Cursor::new(bytes.to_vec())).finish().map_err(|e| anyhow::anyhow!("decoding Parquet: {e}"))
}
