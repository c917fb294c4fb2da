export function track(event: unknown): void {
    void event;
}

export function describe(event: unknown): string {
    return String(event);
}
