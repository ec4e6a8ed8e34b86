export async function call(path, body) {
    const init = body === undefined
        ? { method: "GET" }
        : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    let response;
    try {
        response = await fetch(path, init);
    }
    catch (error) {
        return { ok: false, status: 0, problem: { type: "network", title: "Network", status: 0, detail: String(error) } };
    }
    const data = await response.json();
    if (response.ok)
        return { ok: true, data: data };
    return { ok: false, status: response.status, problem: data };
}
/** The same request as a curl command line, for the copy button. */
export function curl(path, body) {
    const json = JSON.stringify(body).replace(/'/g, "'\\''");
    return `curl -s ${location.origin}${path} -H 'Content-Type: application/json' -d '${json}'`;
}
