/** The header links (docs/product.md "Screens and routes"), in order. */
export const navLinks = [
  { to: "/", label: "Home", exact: true },
  { to: "/services", label: "Services", exact: false },
  { to: "/about", label: "About", exact: true },
  { to: "/gallery", label: "Gallery", exact: true },
  { to: "/contact", label: "Contact", exact: true },
] as const;
