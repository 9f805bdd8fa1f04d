/** The spec's target display: profile link for followers, truncated post links, 'N/A' when empty. */
export function OrderTarget({ service, target }: { service: string; target: string }) {
  const value = target.trim();
  if (!value) return <span className="text-gray-500">N/A</span>;
  if (service === "followers" && !/instagram\.com/i.test(value)) {
    const handle = value.replace(/^@/, "");
    return (
      <a
        href={`https://instagram.com/${encodeURIComponent(handle)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="text-blue-700 underline"
      >
        @{handle}
      </a>
    );
  }
  if (/instagram\.com/i.test(value)) {
    const href = /^https?:\/\//i.test(value) ? value : `https://${value}`;
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-blue-700 underline"
        title={value}
      >
        {value.length > 30 ? `${value.slice(0, 30)}...` : value}
      </a>
    );
  }
  return <span className="break-all">{value}</span>;
}
