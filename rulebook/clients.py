"""Who is asking: the client address that rate limits (API, admin login) count against.

Behind proxies, ``X-Forwarded-For`` is a list the client starts: only the hops appended by our
own proxies can be trusted. ``RULEBOOK_TRUSTED_PROXIES`` (a count, default 0) says how many
proxies append to it, so the client is the Nth address from the right; anything to its left
was written by the client and is ignored. ``RULEBOOK_API_CLIENT_IP_HEADER`` alone (no count)
keeps its older meaning, the first address, for deployments that already set it.
"""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str:
    meta = request.META
    proxies = int(getattr(settings, "RULEBOOK_TRUSTED_PROXIES", 0) or 0)
    header = getattr(settings, "RULEBOOK_API_CLIENT_IP_HEADER", None)
    if proxies > 0:
        hops = [h.strip() for h in meta.get(header or "HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [h for h in hops if h]
        if len(hops) >= proxies:
            return hops[-proxies][:64]
    elif header and meta.get(header):
        return meta[header].split(",")[0].strip()[:64]
    return meta.get("REMOTE_ADDR", "unknown")[:64]
